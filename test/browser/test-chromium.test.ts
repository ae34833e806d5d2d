import { readFileSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, newContext, workerBrowser } from "../support/browser";

/**
 * With one context and its page open: the features the page's renderer process was started without (read from
 * its command line), the browser windows' own pages (the address bar's popup and the like), and the kinds of
 * process Chromium runs.
 */
async function openWindow(
  browser: Browser,
): Promise<{ disabled: string[]; browserUi: string[]; processTypes: string[] }> {
  const context = await newContext(browser, "phone", { baseURL: "http://127.0.0.1" });
  const cdp = await browser.newBrowserCDPSession();
  try {
    await (await context.newPage()).goto("about:blank");
    const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as {
      processInfo: { type: string; id: number }[];
    };
    const renderers = processInfo.filter((p) => p.type === "renderer");
    expect(renderers.length).toBeGreaterThan(0);
    // A renderer rewrites its title, so its arguments may come joined by spaces rather than NULs.
    const line = readFileSync(`/proc/${renderers[0].id}/cmdline`, "utf8");
    const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { type: string; url: string }[] };
    return {
      disabled: (/--disable-features=([^\s\0]*)/.exec(line)?.[1] ?? "").split(",").filter(Boolean),
      browserUi: targetInfos.filter((t) => t.type === "browser_ui").map((t) => t.url),
      processTypes: processInfo.map((p) => p.type),
    };
  } finally {
    await cdp.detach();
    await context.close();
  }
}

describe("the tests' Chromium", () => {
  it("keeps every feature Playwright turns off, preloads no address bar popup per window, and draws without a GPU process", async () => {
    const plain = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] });
    let playwrights: Awaited<ReturnType<typeof openWindow>>;
    try {
      playwrights = await openWindow(plain);
    } finally {
      await plain.close();
    }
    expect(playwrights.disabled).toContain("HttpsUpgrades");
    // The popup this test is about: Playwright's own browser preloads it for each window.
    expect(playwrights.browserUi.some((url) => url.startsWith("chrome://omnibox-popup"))).toBe(true);
    // And, even with --disable-gpu, a GPU process that composites in software.
    expect(playwrights.processTypes).toContain("GPU");

    const ours = await openWindow(await workerBrowser());
    expect(ours.disabled).toEqual(expect.arrayContaining([...playwrights.disabled, "WebUIOmniboxPopup"]));
    expect(ours.browserUi).toEqual([]);
    expect(ours.processTypes).not.toContain("GPU");
  });

  it("speaks Portuguese in its own words and fields, as a family's phone does", async () => {
    const context = await newContext(await workerBrowser(), "phone", { baseURL: "http://127.0.0.1" });
    try {
      const page = await context.newPage();
      await page.setContent(
        '<input required aria-label="Nome"><input type="date" value="2025-08-16"><input type="time" value="20:00">',
      );
      // The browser's own message for an empty required field comes from its language, not the page's locale.
      expect(await page.getByLabel("Nome").evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
        "Preencha este campo.",
      );
      // The date and time fields' parts, in the order the browser draws them: day first, and a 24-hour clock.
      const cdp = await context.newCDPSession(page);
      const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
        nodes: { role?: { value: string }; name?: { value: string }; value?: { value: unknown } }[];
      };
      const parts = nodes
        .filter((n) => n.role?.value === "spinbutton")
        .map((n) => `${n.name?.value.split(" ")[0]} ${n.value?.value}`);
      expect(parts).toEqual(["Dia 16", "Mês 8", "Ano 2025", "Horas 20", "Minutos 0"]);
    } finally {
      await context.close();
    }
  });
});
