import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { parseBrCode } from "../../src/shared/pix/parse-brcode";
import { boxesApart, shotAt360, toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPages } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import {
  ADMIN_PASSWORD,
  clearRegistrations,
  dashboardReady,
  openDashboard,
  registrationItem,
  startAdminApp,
  viewportShot,
} from "../support/browser-admin";
import { fillForm, gotoForm, submitButton } from "../support/browser-visitor";

/** Logs in through the login card, as a person types it. */
async function loginAs(page: Page, login: string, password: string): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Usuário").fill(login);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Acessar Painel" }).click();
  await dashboardReady(page);
}

/**
 * No toast on screen covers a link or button of the page's header. A toast closes after 4 s, so one read after a
 * page load may be gone on a slow machine: `mayHaveClosed` then accepts none.
 */
async function expectToastsClearOfHeader(page: Page, mayHaveClosed = false): Promise<void> {
  const toasts = await page.locator(".toast:visible").all();
  const targets = await page.locator("header a[href]:visible, header button:visible").all();
  if (!mayHaveClosed) expect(toasts.length).toBeGreaterThan(0);
  expect(targets.length).toBeGreaterThan(0);
  for (const toast of toasts) {
    const box = (await toast.boundingBox())!;
    for (const target of targets) {
      const apart = boxesApart(box, (await target.boundingBox())!);
      expect(apart, `o aviso cobre "${await target.textContent()}"`).toBe(true);
    }
  }
}

describe("settings, team and activity in the panel", () => {
  const ui = useBrowserApp(startAdminApp);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    beforeEach(async () => {
      await clearRegistrations(ui.app.db);
      await ui.app.db.query("DELETE FROM admin_users WHERE NOT principal");
      // The log keeps a deleted registration's history; each viewport reads only its own.
      await ui.app.db.query("DELETE FROM activity_log");
      // Each viewport starts from the environment's values.
      for (const key of ["local", "preco_centavos"]) {
        await ui.app.app.inject({
          method: "DELETE",
          url: `/api/settings/${key}`,
          headers: { cookie: await coordinatorCookie() },
        });
      }
    });

    const coordinatorCookie = async () => {
      const res = await ui.app.app.inject({
        method: "POST",
        url: "/api/session",
        remoteAddress: "10.99.0.1",
        payload: { password: ADMIN_PASSWORD },
      });
      const set = res.cookies.find((c) => c.name.endsWith("caravana_admin"));
      return `${set?.name}=${set?.value}`;
    };

    it("the coordinator changes the place and the price: an open form shows them live, an older registration keeps its amount", async () => {
      // The browser of an older registration, another with the form open, and the panel, each a context of its own.
      await withNewPages(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (open) => {
        // An older registration, with its /obrigado open.
        const older = await open();
        await gotoForm(older, vp);
        await fillForm(older, { name: "Olga Antiga", age: "20", phone: "98988881234" });
        await submitButton(older).click();
        await older.waitForURL((url) => url.pathname === "/obrigado", WAIT);
        await older.getByLabel("PIX Copia e Cola").waitFor(WAIT);

        // Someone else has the form open.
        const form = await open();
        await gotoForm(form, vp);
        await form.getByText("R$ 15,00").first().waitFor(WAIT);

        const panel = await open();
        await openDashboard(panel);
        await panel.getByRole("link", { name: "Configurações" }).click();
        await panel.getByLabel("Local").fill("Ginásio São José, Itapecuru-Mirim - MA");
        // A field near the top is being edited, yet the save button is on screen, at its foot, without a scroll.
        const save = (await panel.getByRole("button", { name: "Salvar configurações" }).boundingBox())!;
        const screen = panel.viewportSize()!;
        expect(save.y).toBeGreaterThan(screen.height / 2);
        expect(save.y + save.height).toBeLessThanOrEqual(screen.height);
        if (vp === "phone") await viewportShot(panel, "settings-save-at-foot-phone");
        await panel.getByLabel("Valor da inscrição").fill("0");
        await panel.getByRole("button", { name: "Salvar configurações" }).click();
        // Refused beside the field, nothing saved.
        await panel.getByText("Informe um valor entre R$ 0,01 e R$ 10.000,00, como 15,00.").waitFor(WAIT);
        await panel.getByLabel("Valor da inscrição").fill("20,00");
        // The preview shows the new amount before saving.
        await panel.getByText("Assim fica o PIX de R$ 20,00", { exact: false }).waitFor(WAIT);
        const preview = await panel.getByLabel("PIX Copia e Cola").inputValue();
        expect(parseBrCode(preview).amount).toBe("20.00");
        if (vp === "phone") await viewportShot(panel, "settings-phone");
        await panel.getByRole("button", { name: "Salvar configurações" }).click();
        await toastTitled(panel, "Configurações salvas").waitFor(WAIT);

        // The open form, with no reload.
        await form.getByText("R$ 20,00").first().waitFor(WAIT);
        await form.getByText("Ginásio São José, Itapecuru-Mirim - MA").waitFor(WAIT);
        // The older registration's PIX still asks for its own price, after a reload too.
        await older.reload();
        const code = await older.getByLabel("PIX Copia e Cola").inputValue();
        expect(parseBrCode(code).amount).toBe("15.00");
        await older.getByText("R$ 15,00").first().waitFor(WAIT);

        // "Restaurar padrão" brings the price back.
        await panel.getByRole("button", { name: "Restaurar padrão: Valor da inscrição" }).click();
        await toastTitled(panel, "Padrão restaurado").waitFor(WAIT);
        expect(await panel.getByLabel("Valor da inscrição").inputValue()).toBe("15,00");
        await form.getByText("R$ 15,00").first().waitFor(WAIT);
      });
    });

    it("a helper added by the coordinator marks a payment, sees no Excluir or Configurações, shows in Atividade, and is shut out when deactivated", async () => {
      await ui.app.db.query(
        "INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento) VALUES ('Paulo Pagante', 20, '98988887777', 'PIX')",
      );
      // The coordinator's panel and the helper's, each a context of its own.
      await withNewPages(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (open) => {
        const panel = await open();
        await openDashboard(panel);
        await panel.getByRole("link", { name: "Equipe" }).click();
        await panel.getByRole("button", { name: "Adicionar pessoa" }).click();
        // The field's hint is read with it, and an error takes the hint's place, for a screen reader too.
        const nome = panel.getByLabel("Nome");
        const description = async () =>
          panel.locator(`[id="${await nome.getAttribute("aria-describedby")}"]`).textContent();
        expect(await description()).toBe("O login é formado pelo primeiro e pelo último nome.");
        await panel.getByRole("button", { name: "Adicionar", exact: true }).click();
        await expect.poll(() => nome.getAttribute("aria-invalid"), WAIT).toBe("true");
        expect(await description()).toBe("Informe o nome da pessoa.");
        await nome.fill("Helena Souza");
        await panel.getByLabel("Papel").selectOption({ label: "Equipe" });
        await panel.getByRole("button", { name: "Adicionar", exact: true }).click();
        const shown = panel.getByRole("dialog", { name: "Acesso de Helena Souza" });
        await shown.waitFor(WAIT);
        const password = (await shown.locator("code").textContent()) ?? "";
        const whatsapp = (await shown.getByRole("link", { name: "Enviar pelo WhatsApp" }).getAttribute("href")) ?? "";
        expect(decodeURIComponent(whatsapp)).toContain(`Senha: ${password}`);
        if (vp === "phone") await viewportShot(panel, "team-password-phone");
        await shown.getByRole("button", { name: "Concluir" }).click();
        // The toast keeps off the header's link, the tap that most often comes next, and still does on the
        // page that link opens, whose header is drawn after the toast.
        await toastTitled(panel, "Pessoa adicionada").waitFor(WAIT);
        await expectToastsClearOfHeader(panel);
        await shotAt360(panel, `team-toast-clear-of-header-${vp}`, true);
        await panel.getByRole("link", { name: "Voltar ao painel" }).click();
        await dashboardReady(panel);
        await expectToastsClearOfHeader(panel, true);
        await panel.getByRole("link", { name: "Equipe" }).click();

        const helper = await open();
        await loginAs(helper, "Helena Souza", password);
        await helper.getByText("Conectado como Helena Souza").waitFor(WAIT);
        expect(await helper.getByRole("link", { name: "Configurações" }).count()).toBe(0);
        expect(await helper.getByRole("button", { name: /^Excluir/ }).count()).toBe(0);
        const row = registrationItem(helper, vp, "Paulo Pagante");
        await row.getByRole("button", { name: "Marcar Pago" }).click();
        await toastTitled(helper, "Status Atualizado").waitFor(WAIT);
        if (vp === "phone") await viewportShot(helper, "team-helper-dashboard-phone");

        await panel.getByRole("link", { name: "Voltar ao painel" }).click();
        await dashboardReady(panel);
        await panel.getByRole("link", { name: "Atividade" }).click();
        const entry = panel
          .getByRole("listitem")
          .filter({ hasText: "Pagamento de Paulo Pagante confirmado" })
          .filter({ hasText: "Helena Souza" });
        await entry.waitFor(WAIT);
        await panel.getByLabel("Tipo").selectOption({ label: "Pagamentos" });
        // One entry (its list of changed values has items of its own).
        const entries = panel.getByRole("list", { name: "Atividade" }).locator(":scope > li");
        await expect.poll(() => entries.count(), WAIT).toBe(1);
        if (vp === "phone") await viewportShot(panel, "activity-phone");

        // Deactivated: the helper's open panel falls back to the login.
        await panel.getByRole("link", { name: "Voltar ao painel" }).click();
        await dashboardReady(panel);
        await panel.getByRole("link", { name: "Equipe" }).click();
        await panel.getByRole("button", { name: "Desativar Helena Souza" }).click();
        await panel.getByRole("dialog").getByRole("button", { name: "Desativar" }).click();
        await toastTitled(panel, "Acesso desativado").waitFor(WAIT);
        await helper.getByRole("button", { name: "Acessar Painel" }).waitFor(WAIT);
        await helper.getByText("Sessão expirada").waitFor(WAIT);
      });
    });
  });
});
