import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import { withNewPage } from "../support/lent-pages";
import { register } from "../support/browser-boarding";
import {
  clearRegistrations,
  expectNames,
  openDashboard,
  registrationItem,
  seed,
  startAdminApp,
} from "../support/browser-admin";

// The smallest valid PNG: one transparent pixel.
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** From now on, whether the list is ever dimmed as busy or says "Atualizando...": read with the function returned. */
async function watchListBusy(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { listWasBusy: boolean };
    w.listWasBusy = false;
    new MutationObserver(() => {
      if (document.querySelector('.reg-results[aria-busy="true"], .reg-updating')) w.listWasBusy = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-busy"] });
  });
  return () => page.evaluate(() => (window as unknown as { listWasBusy: boolean }).listWasBusy);
}

describe("admin panel live updates", () => {
  const ui = useBrowserApp(startAdminApp);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    beforeEach(async () => {
      await clearRegistrations(ui.app.db);
      await ui.app.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
    });

    it("closes and reopens the form, and a visitor page beside it follows without reload", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, (page) =>
        withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (visitorPage) => {
          await openDashboard(page);
          await visitorPage.goto("/");
          // The splash may still cover the form; text is enough to know the page is up.
          await visitorPage.getByText("Formulário de Inscrição").first().waitFor(WAIT);
          expect(await visitorPage.getByText("Inscrições Encerradas").count()).toBe(0);

          const toggle = page.getByRole("switch", { name: "Inscrições abertas" });
          await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("true");
          // With motion reduced, as these pages are, the switch does not slide, not even as the status arrives.
          const thumb = toggle.locator(".admin-switch-thumb");
          expect(await thumb.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0s");
          // Closing asks first, and "Cancelar" changes nothing.
          await toggle.click();
          const ask = page.getByRole("dialog", { name: "Encerrar inscrições?" });
          await ask.getByRole("button", { name: "Cancelar" }).click();
          await ask.waitFor({ state: "detached", ...WAIT });
          expect((await (await page.request.get("/api/form-status")).json()).is_open).toBe(true);
          expect(await toggle.getAttribute("aria-checked")).toBe("true");
          await toggle.click();
          await ask.getByRole("button", { name: "Encerrar inscrições" }).click();
          await toastTitled(page, "Formulário Fechado").waitFor(WAIT);
          await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("false");
          const status = await (await page.request.get("/api/form-status")).json();
          expect(status.is_open).toBe(false);
          await visitorPage.getByText("Inscrições Encerradas").first().waitFor(WAIT);

          // Reopening needs no question.
          await toggle.click();
          await toastTitled(page, "Formulário Aberto").waitFor(WAIT);
          expect(await page.getByRole("dialog").count()).toBe(0);
          await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("true");
          await visitorPage
            .getByText("Inscrições Encerradas")
            .first()
            .waitFor({ state: "detached", ...WAIT });
          await visitorPage.getByText("Formulário de Inscrição").first().waitFor(WAIT);
        }),
      );
    });

    it("follows a form status changed elsewhere", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
        await openDashboard(page);
        const toggle = page.getByRole("switch", { name: "Inscrições abertas" });
        await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("true");
        await ui.app.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
        await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("false");
      });
    });

    it("shows a registration made while its live stream was still opening", async () => {
      await seed(ui.app.db, [{ nome: "Ana Antiga", minutesAgo: 30 }]);
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
        // The stream is held until the list has loaded and someone has registered: that registration's
        // event went to nobody, as when it lands between the page's first fetch and its stream's start.
        let open!: () => void;
        const held = new Promise<void>((resolve) => (open = resolve));
        await page.route("**/api/events", async (route) => {
          await held;
          await route.continue();
        });
        await openDashboard(page);
        await expectNames(page, vp, ["Ana Antiga"]);
        await register(ui.app, "Bruno Entre Os Dois", 20, { owes: true });
        open();
        await expectNames(page, vp, ["Bruno Entre Os Dois", "Ana Antiga"]);
        await page.getByText("2 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);
      });
    });

    it("puts a new registration on top and applies changes made in another tab, without reload", async () => {
      await seed(ui.app.db, [
        { nome: "Ana Antiga", minutesAgo: 30 },
        { nome: "Bruno Anterior", minutesAgo: 20 },
      ]);
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page, admin) => {
        await openDashboard(page);
        // What the live events bring changes rows in place: the list is not dimmed, at its stream's first
        // refetch or at each registration of a busy day.
        const listWasBusy = await watchListBusy(page);
        await expectNames(page, vp, ["Bruno Anterior", "Ana Antiga"]);

        // A visitor registers from somewhere else: plain HTTP, outside this browser.
        const res = await fetch(`${ui.app.baseUrl}/api/registrations`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            nome_completo: "Carla Chegou Agora",
            idade: 17,
            numero_responsavel: "(98) 98765-4321",
            metodo_pagamento: "ESPECIE",
            consentimento: true,
            responsavel_nome: "Maria Responsável",
            parentesco: "mae",
          }),
        });
        expect(res.status).toBe(201);
        await expectNames(page, vp, ["Carla Chegou Agora", "Bruno Anterior", "Ana Antiga"]);
        await page.getByText("3 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);
        await page.getByText(/Total de registros:\s*3/).waitFor(WAIT);
        await registrationItem(page, vp, "Carla Chegou Agora").getByText("(98) 98765-4321").waitFor();

        // A second tab marks a payment and deletes a row; the first tab follows.
        const other = await admin.newPage();
        await other.goto("/admin");
        await registrationItem(other, vp, "Ana Antiga").getByRole("button", { name: "Marcar Pago" }).click();
        await toastTitled(other, "Status Atualizado").waitFor(WAIT);
        await registrationItem(page, vp, "Ana Antiga").getByRole("button", { name: "Pago", exact: true }).waitFor(WAIT);

        await ui.app.db.query("DELETE FROM registrations WHERE nome_completo = 'Bruno Anterior'");
        await expectNames(page, vp, ["Carla Chegou Agora", "Ana Antiga"]);
        await page.getByText(/Total de registros:\s*2/).waitFor(WAIT);
        await other.close();
        expect(await listWasBusy()).toBe(false);

        // Rows that answer another filter are dimmed, with "Atualizando...", until the new answer comes.
        let answer!: () => void;
        const held = new Promise<void>((resolve) => (answer = resolve));
        await page.route("**/api/registrations?*", async (route) => {
          await held;
          await route.continue();
        });
        await page.getByLabel("Status", { exact: true }).selectOption({ label: "Pagos" });
        const updating = page.getByRole("status").filter({ hasText: "Atualizando..." });
        await updating.waitFor(WAIT);
        expect(await page.locator(".reg-results").getAttribute("aria-busy")).toBe("true");
        answer();
        await updating.waitFor({ state: "detached", ...WAIT });
        await expectNames(page, vp, ["Ana Antiga"]);
        expect(await page.locator(".reg-results").getAttribute("aria-busy")).toBe("false");
      });
    });

    it("links the receipt a visitor sent, in the details dialog", async () => {
      const created = await fetch(`${ui.app.baseUrl}/api/registrations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          nome_completo: "Davi Comprovante",
          idade: 22,
          numero_responsavel: "98981112222",
          metodo_pagamento: "PIX",
        }),
      });
      const { id, upload_token } = (await created.json()) as { id: string; upload_token: string };
      const form = new FormData();
      form.append("file", new Blob([Buffer.from(PNG_1X1, "base64")], { type: "image/png" }), "comprovante.png");
      const upload = await fetch(`${ui.app.baseUrl}/api/registrations/${id}/receipt`, {
        method: "POST",
        headers: { Authorization: `Bearer ${upload_token}` },
        body: form,
      });
      expect(upload.status).toBe(201);

      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
        await openDashboard(page);
        await registrationItem(page, vp, "Davi Comprovante")
          .getByRole("button", { name: /^Detalhes/ })
          .click();
        const dialog = page.getByRole("dialog", { name: "Detalhes da Inscrição" });
        // An image receipt shows inline, with a link to the full size.
        await dialog.getByRole("img", { name: "Comprovante de Davi Comprovante" }).waitFor(WAIT);
        const link = dialog.getByRole("link", { name: "Abrir em tamanho real" });
        await link.waitFor(WAIT);
        await dialog.getByText(/^JDJ[0-9A-Z]{4}$/).waitFor();
        const receipt = await page.request.get((await link.getAttribute("href"))!);
        expect(receipt.status()).toBe(200);
        expect(receipt.headers()["content-type"]).toBe("image/png");
      });
    });
  });
});
