import { describe, expect, it } from "vitest";
import { onTheSite, workerBrowser } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import { borrowPage, closeContexts, closeIdlePagesElsewhere, returnPage } from "../support/lent-pages";
import { startTestApp } from "../support/test-app";

/**
 * A page lent from test to test (test/support/lent-pages.ts) must come to the next test as a new context's
 * page would: nothing of the last test's may run, listen or stay stored in it.
 */
describe("a page lent from test to test", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));

  it("comes back without the last test's init scripts, listeners, other pages and storage", async () => {
    const first = await borrowPage(ui.browser, "phone", { baseURL: ui.app.baseUrl });
    const { page, context } = first;
    await context.addInitScript(() => {
      (window as unknown as { pelaJanela?: string }).pelaJanela = "contexto";
    });
    await page.addInitScript(() => {
      (window as unknown as { pelaPagina?: string }).pelaPagina = "página";
    });
    const heard: string[] = [];
    page.on("console", (message) => heard.push(message.text()));
    context.on("request", (request) => heard.push(request.url()));
    const other = await context.newPage();
    // A load after the scripts were added: a page lent from an earlier file may already wait on robots.txt.
    await page.goto("/robots.txt");
    await page.evaluate(() => {
      localStorage.setItem("caravana:rascunho", "Ana");
      sessionStorage.setItem("aba", "sim");
    });
    expect(
      await page.evaluate(() =>
        Object.keys(window)
          .filter((k) => k.startsWith("pela"))
          .sort(),
      ),
    ).toEqual(["pelaJanela", "pelaPagina"]);
    await returnPage(ui.browser, first, true);
    expect(other.isClosed()).toBe(true);

    // Motion reduced by default or by name: the same context, so the same page.
    const second = await borrowPage(ui.browser, "phone", { baseURL: ui.app.baseUrl, reducedMotion: "reduce" });
    expect(second.page).toBe(page);
    expect(second.context.pages()).toEqual([page]);
    const before = heard.length;
    await page.goto("/robots.txt?de-novo");
    await page.evaluate(() => console.log("ninguém ouve"));
    expect(heard.length).toBe(before);
    expect(await page.evaluate(() => Object.keys(window).filter((k) => k.startsWith("pela")))).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    await returnPage(ui.browser, second, true);
  });

  it("is not lent again after a lasting change, or when its test failed", async () => {
    const clocked = await borrowPage(ui.browser, "desktop", { baseURL: ui.app.baseUrl });
    await clocked.context.clock.install();
    await returnPage(ui.browser, clocked, true);
    expect(clocked.page.isClosed()).toBe(true);

    const failed = await borrowPage(ui.browser, "desktop", { baseURL: ui.app.baseUrl });
    expect(failed.page).not.toBe(clocked.page);
    await returnPage(ui.browser, failed, false);
    expect(failed.page.isClosed()).toBe(true);
  });
});

describe("a page left by one file for the next", () => {
  it("is lent to the next file's tests when its app listens where the last one did, and closed when not", async () => {
    const browser = await workerBrowser();
    const one = await startTestApp("pglite", { listen: true });
    const left = await borrowPage(browser, "desktop", { baseURL: one.baseUrl });
    await onTheSite(left.page);
    await left.page.evaluate(() => localStorage.setItem("caravana:rascunho", "Ana"));
    await returnPage(browser, left, true);
    // What useBrowserApp does after one file, and before the next one's tests.
    await closeContexts(browser);
    await one.close();
    const two = await startTestApp("pglite", { listen: true });
    try {
      expect(two.baseUrl).toBe(one.baseUrl);
      await closeIdlePagesElsewhere(browser, two.baseUrl);
      const lent = await borrowPage(browser, "desktop", { baseURL: two.baseUrl });
      expect(lent.page).toBe(left.page);
      await lent.page.goto("/");
      await lent.page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor({ state: "attached" });
      expect(await lent.page.evaluate(() => localStorage.length)).toBe(0);
      await returnPage(browser, lent, true);

      await closeIdlePagesElsewhere(browser, "http://127.0.0.1:9");
      expect(lent.page.isClosed()).toBe(true);
    } finally {
      await two.close();
    }
  });
});
