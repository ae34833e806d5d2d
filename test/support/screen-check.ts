import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { axeViolations } from "./axe";
import { SAVE_SCREENSHOTS, SCREENSHOT_DIR, type ViewportName, VIEWPORTS } from "./browser";

const SMALL = { width: 360, height: 780 };

/**
 * One screen in one state: axe-core finds no violation, and on the phone it
 * also fits 360 px with no sideways scroll; with `npm run screenshots` its
 * screenshot lands in screenshots/360/<state>.png for a person to look at.
 */
export async function checkScreen(page: Page, vp: ViewportName, state: string): Promise<void> {
  // Colours are judged once transitions end: a button fading in is not a contrast failure.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  expect(await axeViolations(page), `${state} (${vp})`).toEqual([]);
  if (vp !== "phone") return;
  await page.setViewportSize(SMALL);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${state}: largura além de 360 px`).toBeLessThanOrEqual(0);
  if (SAVE_SCREENSHOTS) {
    mkdirSync(join(SCREENSHOT_DIR, "360"), { recursive: true });
    // A dialog sits in the viewport, wherever the page is scrolled: that is the picture to look at.
    const dialog = (await page.getByRole("dialog").count()) > 0;
    await page.screenshot({ path: join(SCREENSHOT_DIR, "360", `${state}.png`), fullPage: !dialog });
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

/** How many lines an element's text takes on screen: 1 means it did not wrap. */
export const textLines = (el: Element): number => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
};
