import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { registeredHere } from "../support/browser-payment";
import { openSplash, SPLASH_NAME } from "../support/browser-visitor";
import { VIEWPORT_NAMES, WAIT } from "../support/browser";

/** animation-play-state of every animated piece of the sky, deduplicated. */
const skyStates = (page: Page) =>
  page.evaluate(() => [
    ...new Set([...document.querySelectorAll(".decor > *")].map((el) => getComputedStyle(el).animationPlayState)),
  ]);

describe("the animated sky waits for the page to load", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("holds still behind the closed splash and moves once the doors open", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "no-preference" }, async (page) => {
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
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "no-preference" }, async (page) => {
        await registeredHere(page, ui.app, `Estela Céu ${vp}`);
        await page.goto("/obrigado");
        await expect.poll(() => skyStates(page), WAIT).toEqual(["running"]);
        expect(await page.locator(".decor[data-live]").count()).toBe(1);
      });
    });
  });
});
