import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { toastTitled, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { ADMIN_PASSWORD, startAdminApp } from "../support/browser-admin";
import { openRollCall, passenger } from "../support/browser-boarding";
import { fillForm, gotoForm, press, submitButton } from "../support/browser-visitor";
import { printedPage } from "../support/printed-page";
import { checkScreen } from "../support/screen-check";

/**
 * Minors travel with a signed authorisation (decision 037), on a phone: the
 * form asks a 12-year-old's guardian, /obrigado offers the document filled
 * in, a 17-year-old gets none, and the roll call says "Sem autorização"
 * until the panel marks it received.
 */
describe("minors on the phone", () => {
  const ui = useBrowserApp(startAdminApp);
  const vp = "phone" as const;
  const open = (fn: (page: Page) => Promise<void>) =>
    withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, fn);

  it("asks a 12-year-old's guardian, then /obrigado opens the authorisation naming the minor, guardian, leader, place and date", async () => {
    await ui.app.db.exec("DELETE FROM registrations; DELETE FROM onibus;");
    const settings = ui.app.app.eventSettings.current();

    await open(async (page) => {
      expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      const bus = await page.request.post("/api/buses", {
        data: { nome: "Ônibus 1", lugares: 40, responsavel_nome: "Paulo Líder", responsavel_telefone: "98988881111" },
      });
      expect(bus.status()).toBe(201);
      await page.request.delete("/api/session");
      await gotoForm(page, vp);
      await fillForm(page, { name: "Lia Pequena", age: "12", phone: "(98) 91111-2222", guardian: null });
      await page.getByLabel("Cuidados de saúde (alergias, medicamentos, restrições)").fill("Alergia a amendoim");
      await press(vp, submitButton(page));
      const errors = page.locator(".v-field-error");
      await expect
        .poll(() => errors.allTextContents(), WAIT)
        .toEqual(expect.arrayContaining(["Nome do responsável é obrigatório", "Parentesco é obrigatório"]));
      await checkScreen(page, vp, "formulario-menor-erros");
      await page.getByLabel("Nome do responsável", { exact: true }).fill("Rosa Pequena");
      await page.getByLabel("Parentesco", { exact: true }).selectOption({ label: "Mãe" });
      await page.getByRole("checkbox", { name: /Autorizo a inscrição na caravana/ }).check();
      await press(vp, submitButton(page));
      await page.waitForURL("**/obrigado", WAIT);
      const block = page.getByRole("region", { name: "Autorização de viagem" });
      await block.waitFor(WAIT);
      await checkScreen(page, vp, "obrigado-autorizacao");
      await press(vp, block.getByRole("link", { name: "Abrir a autorização para imprimir" }));
      const doc = page.getByRole("article", { name: "Autorização de viagem de Lia Pequena" });
      await doc.waitFor(WAIT);
      for (const text of [
        "Lia Pequena",
        "Rosa Pequena",
        "mãe",
        "Paulo Líder",
        settings.local,
        settings.data.toLowerCase(),
      ])
        expect(await doc.textContent()).toContain(text);
      await checkScreen(page, vp, "autorizacao-documento");
      const printed = await printedPage(page, "autorizacao");
      expect(printed.pages).toBe(1);
      for (const text of [
        "AUTORIZO",
        "Lia Pequena",
        "Rosa Pequena",
        "Paulo Líder",
        "reconhecer firma em cartório",
        settings.cidade,
      ])
        expect(printed.text).toContain(text);
    });
    const [row] = await ui.app.db.query<{ responsavel_nome: string; parentesco: string; saude: string }>(
      "SELECT responsavel_nome, parentesco, saude FROM registrations WHERE nome_completo = 'Lia Pequena'",
    );
    expect(row).toEqual({ responsavel_nome: "Rosa Pequena", parentesco: "mae", saude: "Alergia a amendoim" });
  });

  it("gives a 17-year-old no authorisation", async () => {
    await open(async (page) => {
      await gotoForm(page, vp);
      await fillForm(page, { name: "Téo Quase Adulto", age: "17", phone: "(98) 93333-4444" });
      await page.getByRole("checkbox", { name: /Autorizo a inscrição na caravana/ }).check();
      await press(vp, submitButton(page));
      await page.waitForURL("**/obrigado", WAIT);
      await page.getByRole("heading", { name: "Pagamento via PIX" }).waitFor(WAIT);
      expect(await page.getByRole("region", { name: "Autorização de viagem" }).count()).toBe(0);
    });
  });

  it("shows 'Sem autorização' at the bus door until the panel marks it received, and prints the leader's sheet", async () => {
    await open(async (page) => {
      await openRollCall(page);
      const row = page.getByRole("listitem").filter({ has: passenger(page, "Lia Pequena") });
      await row.getByText("Sem autorização").waitFor(WAIT);
      await page.getByText("1 sem autorização").waitFor(WAIT);
      await press(vp, passenger(page, "Lia Pequena"));
      // She still owes: the money first, then the paper.
      const owing = page.getByRole("dialog", { name: "Falta pagar" });
      await owing.getByText(/Lia Pequena ainda deve R\$\s15,00/).waitFor(WAIT);
      await checkScreen(page, vp, "embarque-falta-pagar");
      await owing.getByRole("button", { name: "Embarcar mesmo assim" }).click();
      const ask = page.getByRole("dialog", { name: "Embarcar mesmo assim?" });
      await ask.waitFor(WAIT);
      await checkScreen(page, vp, "embarque-sem-autorizacao");
      await ask.getByRole("button", { name: "Cancelar" }).click();
      await ask.waitFor({ state: "hidden", ...WAIT });

      // The coordinator marks the paper received in the panel, on another phone.
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (panel) => {
        expect((await panel.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
        await panel.goto("/admin");
        await panel.getByRole("button", { name: /^Detalhes.*Lia Pequena/ }).click();
        const details = panel.getByRole("dialog", { name: "Detalhes da Inscrição" });
        await details.getByText("Rosa Pequena (Mãe)").waitFor(WAIT);
        await checkScreen(panel, vp, "detalhes-menor");
        await details.getByRole("button", { name: "Autorização recebida" }).click();
        await toastTitled(panel, "Autorização recebida").waitFor(WAIT);
        await details.getByText(/Recebida em .*, por Coordenação/).waitFor(WAIT);
      });
      await expect.poll(() => row.getByText("Sem autorização").count(), WAIT).toBe(0);
      const [log] = await ui.app.db.query<{ resumo: string }>(
        "SELECT resumo FROM activity_log WHERE tipo = 'autorizacao.recebida'",
      );
      expect(log.resumo).toBe("Autorização de viagem de Lia Pequena recebida");

      // Its label stays inside the button on the phone.
      const sheetLink = page.getByRole("link", { name: "Lista do responsável" });
      expect(await sheetLink.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await sheetLink.click();
      await page.getByRole("region", { name: "Lista do responsável: Ônibus 1" }).waitFor(WAIT);
      await checkScreen(page, vp, "lista-do-responsavel");
      const sheet = await printedPage(page, "lista-do-responsavel");
      for (const text of [
        "Paulo Líder",
        "Lia Pequena",
        "Rosa Pequena (Mãe)",
        "Alergia a amendoim",
        "Recebida",
        "destruída depois da viagem",
      ])
        expect(sheet.text).toContain(text);

      // "Autorizações": every document of a bus, or of everyone still missing one.
      const [{ id: lia }] = await ui.app.db.query<{ id: string }>(
        "SELECT id FROM registrations WHERE nome_completo = 'Lia Pequena'",
      );
      await page.request.put(`/api/registrations/${lia}/authorization`, { data: { recebida: false } });
      // Two more minors, a grandmother's and an aunt's, for the paper read below.
      for (const [nome, parentesco] of [
        ["Davi Neto", "avo"],
        ["Eva Sobrinha", "tio"],
      ]) {
        const res = await page.request.post("/api/registrations", {
          data: {
            nome_completo: nome,
            idade: 10,
            numero_responsavel: "98911113333",
            metodo_pagamento: "ESPECIE",
            consentimento: true,
            responsavel_nome: "Rita Família",
            parentesco,
          },
        });
        expect(res.status(), await res.text()).toBe(201);
      }
      await page.goto("/admin/autorizacoes");
      await page.getByRole("article", { name: "Autorização de viagem de Lia Pequena" }).waitFor(WAIT);
      await page.getByRole("heading", { name: "0 de 3 recebidas" }).waitFor(WAIT);
      await checkScreen(page, vp, "autorizacoes");
      const paper = await printedPage(page, "autorizacoes-tres-parentescos");
      expect(paper.pages).toBe(3);
      for (const text of [
        "na qualidade de mãe de Lia Pequena,",
        "na qualidade de avô(ó) e detentor(a) da guarda de Davi Neto,",
        "na qualidade de tio(a) e detentor(a) da guarda de Eva Sobrinha,",
        "da caravana do grupo Juventude Católica VG para o evento JDJ 2025",
      ])
        expect(paper.text).toContain(text);
      expect(paper.text).not.toContain("0 de 3 recebidas");
      // One tap per paper handed in, without opening anyone's details; "Falta entregar" prints the rest.
      await page.getByRole("button", { name: "Marcar como recebida: Lia Pequena" }).click();
      await page.getByRole("heading", { name: "1 de 3 recebidas" }).waitFor(WAIT);
      await page.getByRole("button", { name: "Imprimir (2)" }).waitFor(WAIT);
      expect(await page.getByRole("article", { name: "Autorização de viagem de Lia Pequena" }).count()).toBe(0);
      const [marked] = await ui.app.db.query<{ autorizacao_por: string }>(
        "SELECT autorizacao_por FROM registrations WHERE id = $1",
        [lia],
      );
      expect(marked.autorizacao_por).toBe("Coordenação");
      await checkScreen(page, vp, "autorizacoes-recebida");

      // With the setting off, the door shows nothing of it.
      const settings = await (await page.request.get("/api/settings")).json();
      const off = await page.request.put("/api/settings", { data: { ...settings.values, autorizacao_exigida: false } });
      expect(off.status()).toBe(200);
      await page.goto("/admin/embarque");
      await passenger(page, "Lia Pequena").waitFor(WAIT);
      await page.getByText(/\d+ de \d+ embarcados/).waitFor(WAIT);
      expect(await page.getByText("Sem autorização").count()).toBe(0);
    });
  });
});
