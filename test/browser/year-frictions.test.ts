import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SettingsView } from "../../src/shared/event-settings";
import { newContext, shotAt360, WAIT } from "../support/browser";
import { withNewPage, withNewPages } from "../support/lent-pages";
import { ADMIN_PASSWORD, startAdminApp } from "../support/browser-admin";
import { useBrowserApp } from "../support/browser-app";
import { fillForm, gotoForm, press, submitButton } from "../support/browser-visitor";
import { startTestApp } from "../support/test-app";

/** Registers on this phone through the form and lands on /obrigado. */
async function registerHere(page: Page, name: string, age: string, phone: string, waiting = false) {
  await gotoForm(page, "phone");
  await fillForm(page, { name, age, phone });
  if (Number(age) < 18) await page.getByRole("checkbox").check();
  await press("phone", waiting ? page.getByRole("button", { name: "Entrar na lista de espera" }) : submitButton(page));
  await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
}

/** Nothing on the page is wider than the phone. */
const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("what a second caravan year found, on a phone", () => {
  const ui = useBrowserApp(startAdminApp);

  it("names the group from the settings, and the thank-you page follows the payment, the seat and the close", async () => {
    await withNewPages(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (open) => {
      const admin = await open();
      expect((await admin.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      const view = (await (await admin.request.get("/api/settings")).json()) as SettingsView;
      expect(
        (
          await admin.request.put("/api/settings", { data: { ...view.values, grupo_nome: "Grupo Jovem Shalom" } })
        ).status(),
      ).toBe(200);
      expect((await admin.request.put("/api/form-status", { data: { is_open: true } })).status()).toBe(200);
      expect((await admin.request.post("/api/buses", { data: { nome: "Ônibus 1", lugares: 1 } })).status()).toBe(201);

      // A minor on phone A: the header, the consent, the title and the footer name the group.
      const phoneA = await open();
      await gotoForm(phoneA, "phone");
      expect(await phoneA.title()).toBe("Inscrição Caravana JDJ 2025 · Grupo Jovem Shalom");
      await phoneA.getByText("Caravana Grupo Jovem Shalom").waitFor(WAIT);
      await phoneA.getByText(/© \d{4} Grupo Jovem Shalom/).waitFor(WAIT);
      await fillForm(phoneA, { name: "Joana Menor Shalom", age: "14", phone: "98944445555" });
      await phoneA.getByText(/pela coordenação do Grupo Jovem Shalom somente para organizar a caravana/).waitFor(WAIT);
      await phoneA.getByRole("checkbox").check();
      await press("phone", submitButton(phoneA));
      await phoneA.waitForURL((url) => url.pathname === "/obrigado", WAIT);
      await phoneA.getByText(/Sua inscrição na caravana do Grupo Jovem Shalom foi recebida/).waitFor(WAIT);
      await phoneA.getByText("Área Pastoral da Paróquia, Itapecuru-Mirim - MA", { exact: true }).waitFor(WAIT);
      expect(await widerThanScreen(phoneA)).toBeLessThanOrEqual(0);

      // Phone B waits, and its page shows the code it is told to use elsewhere.
      const phoneB = await open();
      await registerHere(phoneB, "Bia Espera Shalom", "20", "98966667777", true);
      await phoneB.getByRole("heading", { name: "Você está na lista de espera" }).waitFor(WAIT);
      await phoneB.getByText(/^Seu código: JDJ[0-9A-Z]{4}$/).waitFor(WAIT);
      await shotAt360(phoneB, "obrigado-espera-codigo", true);

      // The coordinator marks Joana paid: her page drops the PIX code without a reload.
      const [joana] = await ui.app.db.query<{ id: string }>(
        "SELECT id FROM registrations WHERE nome_completo = 'Joana Menor Shalom'",
      );
      await phoneA.getByText("Ainda não pagou?", { exact: false }).waitFor(WAIT);
      // While she owes: paying (it has a deadline), then her authorisation, and last the pass, for the trip's day.
      const pass = phoneA.getByRole("region", { name: "Seu cartão de embarque" });
      const authorization = phoneA.getByRole("region", { name: "Autorização de viagem" });
      const pix = phoneA.getByRole("region", { name: "Pagamento via PIX" });
      const top = async (part: typeof pass) => (await part.boundingBox())!.y;
      const order = [await top(pix), await top(authorization), await top(pass)];
      expect(order).toEqual([...order].sort((a, b) => a - b));
      // A discount first: the page asks for what she owes now, not the price.
      const discount = await admin.request.post(`/api/registrations/${joana.id}/adjust`, {
        data: { valor_centavos: 1000, motivo: "Desconto de irmãos" },
      });
      expect(discount.status(), await discount.text()).toBe(200);
      await phoneA.getByText(/^Ainda não pagou\? Pague R\$ 10,00 com o QR Code/).waitFor({ timeout: 5_000 });
      expect(
        (
          await admin.request.patch(`/api/registrations/${joana.id}`, { data: { status_pagamento: "confirmado" } })
        ).status(),
      ).toBe(200);
      const paidLine = phoneA.getByText(/^Pagamento confirmado \(.+\)\. Obrigado!$/);
      await paidLine.waitFor({ timeout: 5_000 });
      // Paid: the news comes first, above what is left to do and the pass.
      expect(await top(paidLine)).toBeLessThan(await top(authorization));
      expect(await phoneA.getByText("Ainda não pagou?", { exact: false }).count()).toBe(0);
      expect(await phoneA.getByRole("button", { name: /Enviar comprovante/ }).count()).toBe(0);
      await shotAt360(phoneA, "obrigado-pago-ao-vivo");

      // Joana gives up: Bia's page turns into a seat with her own deadline and the PIX code.
      const gaveUp = await admin.request.put(`/api/registrations/${joana.id}/seat`, {
        data: {
          de: { situacao: "vaga", onibus_id: (await ui.app.db.query<{ id: string }>("SELECT id FROM onibus"))[0].id },
          para: { situacao: "desistente", onibus_id: null },
          confirmar: true,
        },
      });
      expect(gaveUp.status(), await gaveUp.text()).toBe(200);
      await phoneB.getByText("Inscrição Confirmada", { exact: true }).waitFor({ timeout: 5_000 });
      await phoneB.getByText(/^Pagar até \d\d\/\d\d às \d\d:\d\d\./).waitFor(WAIT);
      await shotAt360(phoneB, "obrigado-vaga-ao-vivo");

      // The edition closes: an old phone's /obrigado shows no charge and no pass, and a way to the new form.
      const { atual } = (await (await admin.request.get("/api/editions")).json()) as { atual: { id: number } };
      const closed = await admin.request.post("/api/editions/close", {
        data: {
          edicao_id: atual.id,
          nome: "JDJ 2026",
          levar: { onibus: true, equipe: true, configuracoes: true },
          dados: "guardar",
        },
      });
      expect(closed.status(), await closed.text()).toBe(200);
      await phoneB.reload();
      await phoneB.getByText("Esta inscrição era da JDJ 2025, que já foi encerrada.").waitFor(WAIT);
      await phoneB.getByRole("link", { name: "Fazer inscrição para a JDJ 2026" }).waitFor(WAIT);
      expect(await phoneB.getByText(/Ainda não pagou|Copia e Cola|Cartão de embarque/).count()).toBe(0);
      await shotAt360(phoneB, "obrigado-edicao-encerrada");
    });
  }, 120_000);

  it("adds a 70-year-old Acompanhante from the panel, with a seat and no charge", async () => {
    await withNewPage(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (page) => {
      expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      await ui.app.db.query("DELETE FROM registrations");
      await page.goto("/admin");
      await page.getByRole("button", { name: "Adicionar acompanhante" }).click();
      const dialog = page.getByRole("dialog", { name: "Adicionar acompanhante" });
      await dialog.getByLabel("Nome completo").fill("Dona Lurdes Acompanha");
      await dialog.getByLabel("Idade").fill("70");
      await dialog.getByLabel("Telefone").fill("98988881111");
      await dialog.getByLabel("Isento (não paga)").check();
      await shotAt360(page, "painel-adicionar-acompanhante", true);
      await dialog.getByRole("button", { name: "Adicionar" }).click();
      await dialog.waitFor({ state: "hidden", ...WAIT });
      await page.getByText(/Dona Lurdes Acompanha: vaga no .+, isento\(a\)\./).waitFor(WAIT);
      await page.getByLabel("Status", { exact: true }).selectOption({ label: "Acompanhantes" });
      await page.getByText("Acompanhante", { exact: true }).first().waitFor(WAIT);
      await page.getByText("1 registro(s) encontrado(s)").waitFor(WAIT);
      await shotAt360(page, "painel-acompanhantes");
    });
  }, 60_000);

  it("keeps the form closed at the first start until the PIX key and the WhatsApp are set, and says so", async () => {
    // As `npm start` on a fresh machine: no PIX_KEY, no WHATSAPP_NUMBER.
    const fresh = await startTestApp("pglite", {
      listen: true,
      env: { ADMIN_PASSWORD, PIX_KEY: undefined, WHATSAPP_NUMBER: undefined } as unknown as Record<string, string>,
    });
    const context = await newContext(ui.browser, "phone", { baseURL: fresh.baseUrl });
    try {
      const page = await context.newPage();
      expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      await page.goto("/admin");
      const card = page.getByRole("region", { name: "Status do Formulário" });
      await card
        .getByText(/Antes de abrir as inscrições, cadastre a chave PIX e o WhatsApp da coordenação/)
        .waitFor(WAIT);
      expect(await card.getByRole("switch").isDisabled()).toBe(true);
      await card.getByRole("link", { name: "Abrir Configurações" }).waitFor(WAIT);
      await shotAt360(page, "painel-primeira-vez-pix");
      const visitor = await context.newPage();
      await visitor.goto("/");
      await visitor.getByRole("button", { name: /Toque aqui/ }).click();
      await visitor.getByText("Inscrições Encerradas").waitFor(WAIT);
      // No WhatsApp yet: no link that would open a chat with nobody.
      expect(await visitor.getByRole("link", { name: /WhatsApp/ }).count()).toBe(0);

      // The coordination sets its PIX key and WhatsApp, and has not opened the form yet. When the visitor's tab comes
      // back, the page reads the status again: an answer that lists nothing missing brings the link.
      const settings = await (await page.request.get("/api/settings")).json();
      const saved = await page.request.put("/api/settings", {
        data: { ...settings.values, pix_chave: "tesouraria@paroquia.org.br", whatsapp: "5598981234567" },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await visitor.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await visitor.getByRole("link", { name: "Falar com a coordenação pelo WhatsApp" }).waitFor(WAIT);
    } finally {
      await context.close();
      await fresh.close();
    }
  }, 60_000);
});
