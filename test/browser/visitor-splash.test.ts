import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { openSplash, press, SPLASH_NAME } from "../support/browser-visitor";

/** Records, inside the page, when the tap happened, when the splash hid and when it left the DOM. */
async function recordSplashTimes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { splashTimes: Record<string, number> };
    w.splashTimes = {};
    document.addEventListener("click", () => (w.splashTimes.tap ??= performance.now()), true);
    new MutationObserver(() => {
      const el = document.querySelector(".splash");
      if (el?.getAttribute("data-phase") === "hidden") w.splashTimes.hidden ??= performance.now();
      if (!el) w.splashTimes.gone ??= performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function splashTimes(page: Page): Promise<{ hidden: number; gone: number }> {
  const t = await page.evaluate(() => (window as unknown as { splashTimes: Record<string, number> }).splashTimes);
  return { hidden: t.hidden - t.tap, gone: t.gone - t.tap };
}

/** Keyframes used by the decoration and the splash may only move transform and opacity. */
function animatedProperties(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const props = new Set<string>();
    for (const sheet of Array.from(document.styleSheets)) {
      for (const rule of Array.from(sheet.cssRules)) {
        if (!(rule instanceof CSSKeyframesRule) || !/^(decor|splash|v-intro)/.test(rule.name)) continue;
        for (const frame of Array.from(rule.cssRules) as CSSKeyframeRule[]) {
          for (let i = 0; i < frame.style.length; i++) props.add(frame.style[i]);
        }
      }
    }
    return [...props].sort();
  });
}

describe("visitor splash and 404", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("opens the doors with one tap, hides after about 0.3 s and completes after about 1.7 s", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "no-preference" }, async (page) => {
        await page.goto("/");
        const door = page.getByRole("button", { name: SPLASH_NAME });
        await door.waitFor(WAIT);
        await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe("splash-button");
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor({ state: "attached", ...WAIT });
        await screenshot(page, `visitor-splash-${vp}`);

        // The decoration: counts from the spec, hidden from assistive technology.
        expect(await page.locator(".decor").getAttribute("aria-hidden")).toBe("true");
        expect(await page.locator(".decor-icon").count()).toBe(15);
        expect(await page.locator(".decor-light").count()).toBe(8);
        expect(await page.locator(".decor-particle").count()).toBe(40);
        expect(await page.locator(".splash-particle").count()).toBe(20);
        expect(await animatedProperties(page)).toEqual(["opacity", "transform"]);
        const iconAnimation = await page
          .locator(".decor-icon")
          .first()
          .evaluate((el) => getComputedStyle(el).animationName);
        expect(iconAnimation).toBe("decor-float");

        await recordSplashTimes(page);
        await press(vp, door);
        await page
          .locator('.splash[data-phase="opening"]')
          .or(page.locator('.splash[data-phase="hidden"]'))
          .waitFor(WAIT);
        await page.locator(".splash").waitFor({ state: "detached", ...WAIT });
        const times = await splashTimes(page);
        expect(times.hidden).toBeGreaterThanOrEqual(280);
        expect(times.hidden).toBeLessThan(1500);
        expect(times.gone).toBeGreaterThanOrEqual(1650);
        expect(times.gone).toBeLessThan(4000);
        console.log(
          `splash ${vp}: hidden after ${Math.round(times.hidden)} ms, completed after ${Math.round(times.gone)} ms`,
        );

        // The page it revealed is usable and has the focus.
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("conteudo");
        await page.getByLabel("Nome completo", { exact: true }).fill("Teste");
        expect(await page.getByLabel("Nome completo", { exact: true }).inputValue()).toBe("Teste");
      });
    });

    it.each(["Enter", "Space"])("opens with the keyboard (%s)", async (key) => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "no-preference" }, async (page) => {
        await page.goto("/");
        await page.getByRole("button", { name: SPLASH_NAME }).waitFor(WAIT);
        await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe("splash-button");
        await page.keyboard.press(key);
        await page.locator(".splash").waitFor({ state: "detached", ...WAIT });
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        // Keyboard users continue straight into the form.
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("nome_completo");
      });
    });

    it("works without motion when the system asks for reduced motion", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (page) => {
        await page.goto("/");
        const door = page.getByRole("button", { name: SPLASH_NAME });
        await door.waitFor(WAIT);
        const still = (selector: string) =>
          page
            .locator(selector)
            .first()
            .evaluate((el) => getComputedStyle(el).animationName);
        expect(await still(".decor-icon")).toBe("none");
        expect(await still(".splash-stage")).toBe("none");

        await recordSplashTimes(page);
        await press(vp, door);
        await page
          .locator('.splash[data-phase="opening"]')
          .or(page.locator('.splash[data-phase="hidden"]'))
          .waitFor(WAIT);
        // No shake, no swinging doors, no burst.
        expect(await still(".splash-frame")).toBe("none");
        expect(await page.locator(".splash-door-left").evaluate((el) => getComputedStyle(el).transform)).toBe("none");
        expect(await page.locator(".splash-burst").evaluate((el) => getComputedStyle(el).display)).toBe("none");
        await page.locator(".splash").waitFor({ state: "detached", ...WAIT });
        const times = await splashTimes(page);
        expect(times.gone).toBeGreaterThanOrEqual(1650);
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        await screenshot(page, `visitor-form-reduced-motion-${vp}`);
      });
    });

    it("answers an unknown page with status 404 and a way home", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "no-preference" }, async (page) => {
        const res = await page.goto("/pagina-que-nao-existe");
        expect(res?.status()).toBe(404);
        await page.getByRole("heading", { level: 1, name: "Oops! Page not found" }).waitFor(WAIT);
        const home = page.getByRole("link", { name: "Return to Home" });
        const box = await home.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        await screenshot(page, `visitor-404-${vp}`);
        await press(vp, home);
        await page.waitForURL((url) => url.pathname === "/", WAIT);
        await openSplash(page, vp);
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
      });
    });
  });
});
