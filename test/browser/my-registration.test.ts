import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { shotAt360, WAIT } from "../support/browser";
import { withNewPages } from "../support/lent-pages";
import { ADMIN_PASSWORD, startAdminApp } from "../support/browser-admin";
import { useBrowserApp } from "../support/browser-app";
import { fillForm, gotoForm, press, submitButton } from "../support/browser-visitor";

const PHONE = "98966661111";

/** Registers on this phone through the form, and returns the code the thank-you page shows. */
async function registerHere(page: Page, name: string, age: string): Promise<string> {
  await gotoForm(page, "phone");
  await fillForm(page, { name, age, phone: PHONE });
  if (Number(age) < 18) await page.getByRole("checkbox").check();
  await press("phone", submitButton(page));
  await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
  const code = await page.getByText(/^Seu código:/).textContent(WAIT);
  return /JDJ[0-9A-Z]{4}/.exec(code ?? "")?.[0] ?? "";
}

/** The card of one person on "Minha inscrição". */
const card = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

describe("Minha inscrição, on phones", () => {
  const ui = useBrowserApp(startAdminApp);

  it("finds two siblings from another phone, follows a payment and a give-up live, and shows no charge after the close", async () => {
    await withNewPages(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (open) => {
      const admin = await open();
      expect((await admin.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      expect((await admin.request.put("/api/form-status", { data: { is_open: true } })).status()).toBe(200);
      expect((await admin.request.post("/api/buses", { data: { nome: "Ônibus 1", lugares: 2 } })).status()).toBe(201);

      // Phone A: a mother registers two children; a third person, on phone C, waits for a seat.
      const phoneA = await open();
      const firstCode = await registerHere(phoneA, "Bruna Lima", "15");
      await registerHere(phoneA, "Caio Lima", "13");
      const phoneC = await open();
      await gotoForm(phoneC, "phone");
      await fillForm(phoneC, { name: "Lia Espera", age: "20", phone: "98977772222" });
      await press("phone", phoneC.getByRole("button", { name: "Entrar na lista de espera" }));
      await phoneC.waitForURL((url) => url.pathname === "/obrigado", WAIT);
      await phoneC.getByRole("link", { name: "Ver minha inscrição" }).click();
      await card(phoneC, "Lia Espera")
        .getByText(/Lista de espera: 1ª posição/)
        .waitFor(WAIT);

      // Phone A lists both, each with its own state.
      await phoneA.goto("/minha-inscricao");
      await card(phoneA, "Bruna Lima").getByText("Vaga no Ônibus 1").waitFor(WAIT);
      await card(phoneA, "Caio Lima").getByText("Pendente: R$ 15,00").waitFor(WAIT);

      // Phone B: from the home page, "Ver minha inscrição", then the guardian's number and one code.
      const phoneB = await open();
      await gotoForm(phoneB, "phone");
      await phoneB.getByRole("link", { name: "Ver minha inscrição" }).click();
      await phoneB.getByRole("heading", { name: "Minha inscrição", exact: true }).waitFor(WAIT);
      await phoneB.getByText("Este celular ainda não tem inscrição guardada.", { exact: false }).waitFor(WAIT);
      await shotAt360(phoneB, "minha-inscricao-vazia");
      expect(await axeViolations(phoneB)).toEqual([]);
      await phoneB.getByLabel("Celular do responsável").fill("98966661111");
      await phoneB.getByLabel("Código da inscrição").fill("JDJAAAA");
      await phoneB.getByRole("button", { name: "Encontrar" }).click();
      await phoneB
        .getByRole("alert")
        .getByText(/Não encontramos inscrição com este número e este código/)
        .waitFor(WAIT);
      await phoneB.getByLabel("Código da inscrição").fill(firstCode.toLowerCase());
      await phoneB.getByRole("button", { name: "Encontrar" }).click();
      await card(phoneB, "Bruna Lima").waitFor(WAIT);
      await card(phoneB, "Caio Lima").getByText("Pendente: R$ 15,00").waitFor(WAIT);
      await card(phoneB, "Bruna Lima").getByText("Falta entregar").waitFor(WAIT);
      for (const name of ["Bruna Lima", "Caio Lima"])
        await card(phoneB, name).getByText("Escaneie com o app do seu banco", { exact: false }).waitFor(WAIT);
      await shotAt360(phoneB, "minha-inscricao-irmaos");
      expect(await axeViolations(phoneB)).toEqual([]);

      // The coordinator marks Bruna paid: phone B shows it without a reload.
      const [bruna] = await ui.app.db.query<{ id: string }>(
        "SELECT id FROM registrations WHERE nome_completo = 'Bruna Lima'",
      );
      const paid = await admin.request.patch(`/api/registrations/${bruna.id}`, {
        data: { status_pagamento: "confirmado" },
      });
      expect(paid.status()).toBe(200);
      await card(phoneB, "Bruna Lima")
        .getByText(/^Pago em \d\d\/\d\d, PIX$/)
        .waitFor({ timeout: 5_000 });
      // Nothing left to pay or to send: no PIX code, no receipt upload.
      expect(
        await card(phoneB, "Bruna Lima")
          .getByText(/Pendente|Enviar comprovante/)
          .count(),
      ).toBe(0);

      // Caio gives up on phone B: Lia, waiting, gets the seat, and her open page says so.
      await card(phoneB, "Caio Lima").getByRole("button", { name: "Desistir da inscrição" }).click();
      const dialog = phoneB.getByRole("dialog", { name: "Desistir da inscrição de Caio Lima?" });
      await dialog.getByText(/A vaga fica livre para a próxima pessoa da lista de espera/).waitFor(WAIT);
      await shotAt360(phoneB, "minha-inscricao-desistir", true);
      await dialog.getByRole("button", { name: "Sim, desistir" }).click();
      await card(phoneB, "Caio Lima")
        .getByText("Desistente: você desistiu desta inscrição, e a vaga foi liberada.")
        .waitFor(WAIT);
      await card(phoneC, "Lia Espera").getByText("Vaga no Ônibus 1").waitFor({ timeout: 5_000 });

      // The edition is closed: phone A shows last year's registrations with no charge and no seat.
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
      await phoneA.reload();
      await card(phoneA, "Bruna Lima").getByText("Esta inscrição era da JDJ 2025, que já foi encerrada.").waitFor(WAIT);
      await card(phoneA, "Caio Lima").getByText("Esta inscrição era da JDJ 2025, que já foi encerrada.").waitFor(WAIT);
      expect(await phoneA.getByText(/Pendente|Copia e Cola|Ônibus 1/).count()).toBe(0);
      await card(phoneA, "Bruna Lima").getByRole("link", { name: "Fazer inscrição para a JDJ 2026" }).waitFor(WAIT);
      await shotAt360(phoneA, "minha-inscricao-encerrada");
      expect(await axeViolations(phoneA)).toEqual([]);
      // The new edition's form was never opened: "em breve", not "encerradas".
      await card(phoneA, "Bruna Lima").getByRole("link", { name: "Fazer inscrição para a JDJ 2026" }).click();
      await phoneA.getByRole("heading", { name: "Inscrições em breve" }).waitFor(WAIT);
      await shotAt360(phoneA, "inscricoes-em-breve");
    });
  }, 120_000);

  it("opens from the personal link, corrects the family's data, starts the next sibling's form, and the panel sends the link", async () => {
    // The family's phone and the panel, each a context of its own.
    await withNewPages(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (open) => {
      const admin = await open();
      expect((await admin.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      // On its own rows, whatever the test before left: an open form and a free seat.
      await ui.app.db.query("DELETE FROM registrations");
      expect((await admin.request.put("/api/form-status", { data: { is_open: true } })).status()).toBe(200);
      const page = await open();
      const res = await page.request.post("/api/registrations", {
        data: {
          nome_completo: "Davi Link",
          idade: 12,
          numero_responsavel: "98955554444",
          metodo_pagamento: "ESPECIE",
          consentimento: true,
          responsavel_nome: "Rosa Link",
          parentesco: "mae",
        },
      });
      expect(res.status()).toBe(201);
      const reg = (await res.json()) as { id: string; upload_token: string };

      await page.goto(`/minha-inscricao#${reg.id}.${reg.upload_token}`);
      const davi = card(page, "Davi Link");
      await davi.getByText("Pendente: R$ 15,00").waitFor(WAIT);
      await davi.getByText("Pague em dinheiro à coordenação antes da viagem.").waitFor(WAIT);
      // The secret is kept on the phone and taken out of the address.
      expect(new URL(page.url()).hash).toBe("");

      await davi.getByRole("button", { name: "Corrigir dados" }).click();
      await davi.getByLabel("Parentesco").selectOption({ label: "Avó" });
      await davi.getByLabel("Cuidados de saúde").fill("Asma: leva a bombinha.");
      await shotAt360(page, "minha-inscricao-corrigir");
      await davi.getByRole("button", { name: "Salvar dados" }).click();
      await davi.getByText("Responsável: Rosa Link · Cuidados de saúde informados").waitFor(WAIT);
      const [saved] = await ui.app.db.query<{ parentesco: string; saude: string }>(
        "SELECT parentesco, saude FROM registrations WHERE id = $1",
        [reg.id],
      );
      expect(saved).toEqual({ parentesco: "avo_f", saude: "Asma: leva a bombinha." });

      // Without a network the lookup says so, and the card already on screen stays.
      await page.context().setOffline(true);
      await page.getByLabel("Celular do responsável").fill("98955554444");
      await page.getByLabel("Código da inscrição").fill("JDJ2222");
      await page.getByRole("button", { name: "Encontrar" }).click();
      await page
        .getByRole("alert")
        .getByText("Sem conexão com o servidor. Verifique sua internet e tente de novo.")
        .waitFor(WAIT);
      await davi.getByText("Pendente: R$ 15,00").waitFor(WAIT);
      await page.context().setOffline(false);

      await davi.getByRole("button", { name: "Inscrever outra pessoa" }).click();
      await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
      expect(await page.getByLabel("Número Responsável", { exact: true }).inputValue()).toBe("(98) 95555-4444");
      expect(await page.getByLabel("Nome completo", { exact: true }).inputValue()).toBe("");

      // The coordination: "Enviar link" opens WhatsApp to the guardian with the personal link.
      // No internet here: WhatsApp's page answers from the test, so the popup keeps its address.
      await admin
        .context()
        .route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp", contentType: "text/plain" }));
      await admin.goto("/admin");
      await admin.getByRole("button", { name: "Detalhes de Davi Link" }).click();
      const details = admin.getByRole("dialog", { name: "Detalhes da Inscrição" });
      await details.getByRole("button", { name: "Enviar link" }).waitFor(WAIT);
      // What the family corrected reaches the coordination's details, health notes included.
      await details.getByText("Asma: leva a bombinha.").waitFor(WAIT);
      await shotAt360(admin, "painel-detalhes-enviar-link", true);
      const [popup] = await Promise.all([
        admin.context().waitForEvent("page"),
        details.getByRole("button", { name: "Enviar link" }).click(),
      ]);
      await expect.poll(() => popup.url(), WAIT).toContain("https://wa.me/5598955554444?text=");
      const text = new URL(popup.url()).searchParams.get("text") ?? "";
      const link = /\/minha-inscricao#([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})/.exec(text);
      expect(link?.[1]).toBe(reg.id);
      const opened = await page.request.get(`/api/minha-inscricao/${reg.id}`, {
        headers: { authorization: `Bearer ${link?.[2]}` },
      });
      expect(opened.status()).toBe(200);
    });
  }, 60_000);
});
