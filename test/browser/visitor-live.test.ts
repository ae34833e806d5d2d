import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { screenshot, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { gotoForm, openSplash, press, settled } from "../support/browser-visitor";

describe("visitor page follows the form status live", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));
  afterEach(async () => {
    await ui.app.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
  });

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    const withPage = (fn: (page: Page, context: BrowserContext) => Promise<void>) =>
      withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, fn);

    it("closes and reopens live, without a reload, keeping what was typed", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        await page.getByLabel("Nome completo", { exact: true }).fill("Lucas Paciente");
        await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

        const closedAt = Date.now();
        await ui.app.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
        const closed = page.getByRole("heading", { name: "Inscrições Encerradas" });
        await closed.waitFor(WAIT);
        const closeMs = Date.now() - closedAt;
        await page.getByText(/inscrições para a caravana da JDJ 2025 estão encerradas/).waitFor(WAIT);
        await page.getByText(/Acompanhe nossas redes sociais/).waitFor(WAIT);
        // Someone who arrives late can still ask: a message to the coordination's WhatsApp, ready to send.
        const ask = page.getByRole("link", { name: "Falar com a coordenação pelo WhatsApp" });
        const href = new URL((await ask.getAttribute("href"))!);
        expect(href.origin + href.pathname).toMatch(/^https:\/\/wa\.me\/55\d{10,11}$/);
        expect(href.searchParams.get("text")).toMatch(
          /^Olá! Vi que as inscrições para a caravana .+ estão encerradas\./,
        );
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor({ state: "hidden", ...WAIT });
        await settled(page.locator(".closed-card"));
        await screenshot(page, `visitor-closed-${vp}`);

        const openedAt = Date.now();
        await ui.app.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        const openMs = Date.now() - openedAt;
        await closed.waitFor({ state: "detached", ...WAIT });
        console.log(`live switch ${vp}: closed shown after ${closeMs} ms, form back after ${openMs} ms`);
        expect(closeMs).toBeLessThan(3_000);
        expect(openMs).toBeLessThan(3_000);
        expect(await page.getByLabel("Nome completo", { exact: true }).inputValue()).toBe("Lucas Paciente");
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      });
    });

    it("catches up with a change made while the live stream was down", async () => {
      await withPage(async (page) => {
        await page.route("**/api/events", (route) => route.abort("failed"));
        await gotoForm(page, vp);
        await ui.app.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
        // The stream comes back: its first event (and the re-fetch) carry the closed status.
        await page.unroute("**/api/events");
        await page.getByRole("heading", { name: "Inscrições Encerradas" }).waitFor(WAIT);
      });
    });

    it("offers a retry when the status cannot be loaded", async () => {
      await withPage(async (page) => {
        await page.route("**/api/events", (route) => route.abort("failed"));
        await page.route("**/api/form-status", (route) => route.abort("failed"));
        await page.goto("/");
        await openSplash(page, vp);
        const alert = page.getByRole("alert").filter({ hasText: "Não foi possível carregar o formulário." });
        await alert.waitFor(WAIT);
        await page.unroute("**/api/form-status");
        await press(vp, alert.getByRole("button", { name: "Tentar novamente" }));
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
      });
    });

    it("shows the closed notice on arrival when the form is already closed", async () => {
      await withPage(async (page) => {
        await ui.app.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
        await page.goto("/");
        await page.getByRole("heading", { name: "Inscrições Encerradas" }).waitFor(WAIT);
        expect(await page.getByRole("button", { name: "Enviar Inscrição" }).count()).toBe(0);
      });
    });
  });
});
