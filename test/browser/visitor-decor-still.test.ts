import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, withNewPage } from "../support/browser";
import { startTestApp, type TestApp } from "../support/test-app";
import { registeredHere } from "./payment-support";
import { openSplash, SPLASH_NAME, VIEWPORT_NAMES, WAIT } from "./visitor-support";

/** animation-play-state of every animated piece of the sky, deduplicated. */
const skyStates = (page: Page) =>
  page.evaluate(() => [...new Set([...document.querySelectorAll(".decor > *")].map((el) => getComputedStyle(el).animationPlayState))]);

describe("the animated sky waits for the page to load", () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp("pglite", { listen: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("holds still behind the closed splash and moves once the doors open", async () => {
      await withNewPage(browser, vp, { baseURL: t.baseUrl }, async (page) => {
        await page.goto("/");
        await page.getByRole("button", { name: SPLASH_NAME }).waitFor(WAIT);
        await page.waitForLoadState("load");
        // Loaded and idle, but still hidden behind the doors.
        await page.locator(".decor[data-live]").waitFor({ state: "attached", ...WAIT });
        expect(await skyStates(page)).toEqual(["paused"]);
        await openSplash(page, vp);
        await expect.poll(() => skyStates(page), WAIT).toEqual(["running"]);
      });
    });

    it("starts moving on /obrigado once the page has loaded", async () => {
      await withNewPage(browser, vp, { baseURL: t.baseUrl }, async (page) => {
        await registeredHere(page, t, `Estela Céu ${vp}`);
        await page.goto("/obrigado");
        await expect.poll(() => skyStates(page), WAIT).toEqual(["running"]);
        expect(await page.locator(".decor[data-live]").count()).toBe(1);
      });
    });
  });
});
