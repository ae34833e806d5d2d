import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { ADMIN_PASSWORD, dashboardReady, registrationItem, startAdminApp } from "../support/browser-admin";
import { checkScreen, textLines } from "../support/screen-check";
import { seedPaymentRecords } from "../support/seed-payments";
import { todayInFortaleza } from "../support/statements";

const dir = mkdtempSync(join(tmpdir(), "caravana-csv-"));

/**
 * The rest of the money's screens, each used once as a person would and
 * checked (axe, 360 px, a screenshot): a CSV's columns, "Vincular", a
 * handover, a refund, an expense, the details' payment and discount, the
 * delete that asks about the money, and a helper's own cash.
 */
describe("Financeiro: every dialog", () => {
  const ui = useBrowserApp(startAdminApp);

  async function register(nome: string, metodo: "PIX" | "ESPECIE" = "PIX"): Promise<RegistrationCreated> {
    const res = await ui.app.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: { nome_completo: nome, idade: 20, numero_responsavel: "98977776666", metodo_pagamento: metodo },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const login = async (page: Page) =>
    expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
  const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    // Five dialogs in one story: 40–42 s in whole runs here, and over 60 s in a slower one.
    it("maps a CSV's columns, links a line, hands cash over, decides a refund and records an expense", {
      timeout: 120_000,
    }, async () => {
      await ui.app.db.exec(
        "DELETE FROM registrations; DELETE FROM reembolsos; DELETE FROM pagamentos; DELETE FROM entregas_dinheiro; DELETE FROM despesas; DELETE FROM extrato_linhas; DELETE FROM extrato_importacoes; DELETE FROM extrato_colunas;",
      );
      const rita = await register(`Rita Moura ${vp}`);
      const gil = await register(`Gil Desistente ${vp}`);
      const caio = await register(`Caio Espécie ${vp}`, "ESPECIE");
      const ana = await register(`Ana Irmã ${vp}`);
      const bia = await register(`Bia Irmã ${vp}`);
      const br = todayInFortaleza().split("-").reverse().join("/");
      const csv = join(dir, `bradesco-${vp}.csv`);
      writeFileSync(
        csv,
        `Data;Histórico;Crédito (R$);Débito (R$)\n${br};PIX REM: FULANO DE TAL ${br.slice(0, 5)};15,00;\n` +
          `${br};PIX REM: MAE DAS MENINAS ${br.slice(0, 5)};30,00;\n`,
      );

      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (page) => {
        await login(page);
        await page.goto("/admin/financeiro");
        await page.getByLabel("Importar extrato").setInputFiles(csv);
        const columns = dialog(page, "Colunas do extrato");
        await columns.waitFor(WAIT);
        await checkScreen(page, vp, "financeiro-colunas");
        await columns.getByLabel("Nome do banco").fill("Bradesco");
        // The titles guessed the columns; the credit column is the one to use.
        expect(await columns.getByLabel("Coluna do valor (créditos)").inputValue()).toBe("Crédito (R$)");
        // Nothing is written before the first credits are shown as the columns read them.
        await columns.getByRole("button", { name: "Conferir as primeiras linhas" }).click();
        const sample = columns.getByRole("list", { name: "Prévia dos créditos" });
        await sample.waitFor(WAIT);
        expect(await sample.textContent()).toContain("R$ 15,00 · PIX REM: FULANO DE TAL");
        await checkScreen(page, vp, "financeiro-colunas-previa");
        expect(await ui.app.db.query("SELECT 1 FROM extrato_linhas")).toHaveLength(0);
        await columns.getByRole("button", { name: "Importar estes créditos" }).click();
        await toastTitled(page, "Extrato importado").waitFor(WAIT);

        const unmatched = (payer: string) =>
          page
            .getByRole("list", { name: "Sem correspondência" })
            .first()
            .getByRole("listitem")
            .filter({ hasText: payer })
            .getByRole("button", { name: "Vincular" });
        await unmatched("FULANO DE TAL").click();
        const link = dialog(page, "Vincular a uma inscrição");
        await link.getByLabel("Nome ou código da inscrição").fill(rita.referencia.toLowerCase());
        await link.getByRole("button", { name: `Vincular a Rita Moura ${vp}` }).waitFor(WAIT);
        await checkScreen(page, vp, "financeiro-vincular");
        await link.getByRole("button", { name: `Vincular a Rita Moura ${vp}` }).click();
        await toastTitled(page, "Pagamento confirmado").waitFor(WAIT);
        await link.waitFor({ state: "hidden", ...WAIT });

        // One PIX of R$ 30,00 for two sisters, without codes: both chosen, the line split between them.
        await unmatched("MAE DAS MENINAS").click();
        const split = dialog(page, "Vincular a uma inscrição");
        await split.getByText("R$ 30,00", { exact: true }).waitFor(WAIT);
        await split.getByLabel("Nome ou código da inscrição").fill("Irmã");
        await split.getByRole("checkbox", { name: `Escolher Ana Irmã ${vp}` }).check();
        await split.getByRole("checkbox", { name: `Escolher Bia Irmã ${vp}` }).check();
        await split
          .getByText(`Um PIX para 2 inscrições: Ana Irmã ${vp}, Bia Irmã ${vp}.`, { exact: false })
          .waitFor(WAIT);
        await checkScreen(page, vp, "financeiro-vincular-irmas");
        await split.getByRole("button", { name: "Vincular às 2 escolhidas" }).click();
        await toastTitled(page, "Pagamento confirmado").waitFor(WAIT);
        await split.waitFor({ state: "hidden", ...WAIT });
        const sisters = await ui.app.db.query<{ status_pagamento: string }>(
          "SELECT status_pagamento FROM registrations WHERE id = ANY($1::uuid[])",
          [[ana.id, bia.id]],
        );
        expect(sisters.map((s) => s.status_pagamento)).toEqual(["confirmado", "confirmado"]);

        // The same credit in another bank's export waits for a look instead of paying anyone again.
        const repeatFile = join(dir, `repete-${vp}.ofx`);
        writeFileSync(
          repeatFile,
          `OFXHEADER:100\n\n<OFX><BANKID>0001<BANKTRANLIST><STMTTRN><DTPOSTED>${todayInFortaleza().replace(/-/g, "")}` +
            `<TRNAMT>15.00<FITID>repete-${vp}<MEMO>PIX REM FULANO DE TAL</STMTTRN></BANKTRANLIST></OFX>`,
        );
        await page.getByLabel("Importar extrato").setInputFiles(repeatFile);
        await page
          .getByRole("list", { name: "Sugestões" })
          .first()
          .getByText(/Parece repetir um crédito já importado/)
          .waitFor(WAIT);
        await checkScreen(page, vp, "financeiro-repetida");

        // Cash received at the door by the coordinator, then a refund after Gil gives up.
        for (const id of [caio.id])
          expect((await page.request.post("/api/boarding/cash", { data: { inscricao_id: id } })).status()).toBe(200);
        expect(
          (
            await page.request.patch(`/api/registrations/${gil.id}`, { data: { status_pagamento: "confirmado" } })
          ).status(),
        ).toBe(200);
        await ui.app.db.query("UPDATE registrations SET situacao = 'desistente' WHERE id = $1", [gil.id]);
        await page.reload();
        await page.getByRole("button", { name: "Resolver" }).click();
        const refund = dialog(page, `Reembolso de Gil Desistente ${vp}`);
        await checkScreen(page, vp, "financeiro-reembolso");
        await refund.getByRole("button", { name: "Registrar" }).click();
        await toastTitled(page, "Reembolso registrado").waitFor(WAIT);
        await expect
          .poll(
            async () => (await ui.app.db.query("SELECT 1 FROM reembolsos WHERE estado = 'reembolsado'")).length,
            WAIT,
          )
          .toBe(1);

        await page.getByLabel("Descrição").fill("Lanche da volta");
        await page.getByLabel("Valor (R$)").fill("120,00");
        await page.getByLabel("Categoria").selectOption("alimentacao");
        await page.getByRole("button", { name: "Registrar despesa" }).click();
        await toastTitled(page, "Despesa registrada").waitFor(WAIT);
        await page.getByRole("list", { name: "Despesas registradas" }).getByText("Lanche da volta").waitFor(WAIT);
        await checkScreen(page, vp, "financeiro-despesas");

        // A second coordinator receives the cash the first one holds.
        const added = await page.request.post("/api/team", {
          data: { nome: `Marta Tesoureira ${vp}`, papel: "coordenacao" },
        });
        expect(added.status()).toBe(201);
        await page.reload();
        // A name in the cash table wraps between words, never inside one ("Coordenaçã/o").
        const name = page.getByRole("rowheader", { name: "Coordenação", exact: true }).first();
        await name.waitFor(WAIT);
        expect(await name.evaluate(textLines)).toBe(1);
        await page.getByRole("button", { name: "Registrar entrega" }).click();
        const handover = dialog(page, "Registrar entrega");
        await handover.getByLabel("Quem recebeu (Coordenação)").selectOption({ label: `Marta Tesoureira ${vp}` });
        await handover.getByLabel("Valor (R$)").fill("20,00");
        await checkScreen(page, vp, "financeiro-entrega");
        await handover.getByRole("button", { name: "Registrar" }).click();
        // More than in hand: refused with the reason, nothing recorded.
        await handover.getByRole("alert").filter({ hasText: "em mãos: não dá para entregar R$ 20,00" }).waitFor(WAIT);
        await handover.getByLabel("Valor (R$)").fill("15,00");
        await handover.getByRole("button", { name: "Registrar" }).click();
        await toastTitled(page, "Entrega registrada").waitFor(WAIT);
        await page.getByText(`Aguardando Marta Tesoureira ${vp} confirmar.`).waitFor(WAIT);

        // A helper sees only their own cash, and hands it over.
        const helper = await page.request.post("/api/team", { data: { nome: `Lia Ajudante ${vp}`, papel: "equipe" } });
        const { member, password } = (await helper.json()) as {
          member: { id: number; login: string };
          password: string;
        };
        // Cash the helper received, which the coordinator then registers as taken from them.
        await seedPaymentRecords(
          ui.app.db,
          `INSERT INTO pagamentos (inscricao_id, tipo, valor_centavos, metodo, origem, recebido_por, registrado_por_nome)
           VALUES ($1, 'pagamento', 1500, 'ESPECIE', 'chamada', $2, 'Lia')`,
          [caio.id, member.id],
        );
        const [{ id: coordinator }] = await ui.app.db.query<{ id: number }>(
          "SELECT id FROM admin_users WHERE principal",
        );
        const taken = await page.request.post("/api/finance/handovers", {
          data: { de: member.id, para: coordinator, valor_centavos: 1500 },
        });
        expect(taken.status(), await taken.text()).toBe(201);
        await page.request.delete("/api/session");
        expect((await page.request.post("/api/session", { data: { login: member.login, password } })).status()).toBe(
          200,
        );
        await page.goto("/admin/financeiro");
        await page.getByRole("heading", { name: "Dinheiro em espécie" }).waitFor(WAIT);
        expect(await page.getByRole("heading", { name: "Extrato do banco" }).count()).toBe(0);
        await page.getByRole("rowheader", { name: `Lia Ajudante ${vp}` }).waitFor(WAIT);
        await page
          .getByRole("list", { name: "Recebido de você pela Coordenação" })
          .getByText(/registrou que recebeu R\$ 15,00 de você/)
          .waitFor(WAIT);
        await checkScreen(page, vp, "financeiro-equipe");
      });
    });

    it("shows how a registration was paid, gives a discount, and asks about the money before deleting a paid one", async () => {
      await ui.app.db.exec("DELETE FROM registrations; DELETE FROM reembolsos; DELETE FROM pagamentos;");
      const paid = await register(`Paula Paga ${vp}`);
      const half = await register(`Meire Meia ${vp}`);
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (page) => {
        await login(page);
        expect(
          (
            await page.request.patch(`/api/registrations/${paid.id}`, { data: { status_pagamento: "confirmado" } })
          ).status(),
        ).toBe(200);
        await page.goto("/admin");
        await dashboardReady(page);

        await registrationItem(page, vp, `Meire Meia ${vp}`)
          .getByRole("button", { name: /^Detalhes/ })
          .click();
        const details = dialog(page, "Detalhes da Inscrição");
        await details.getByRole("button", { name: "Dar desconto" }).click();
        const discount = dialog(page, "Dar desconto");
        await discount.getByLabel("Novo valor (R$)").fill("7,50");
        await discount.getByLabel("Motivo").fill("Irmã de inscrita");
        await checkScreen(page, vp, "detalhes-desconto");
        await discount.getByRole("button", { name: "Salvar" }).click();
        await toastTitled(page, "Dar desconto").waitFor(WAIT);
        await details.getByText("Desconto: Irmã de inscrita").waitFor(WAIT);
        await details.getByText("R$ 7,50").first().waitFor(WAIT);
        await details.getByRole("button", { name: "Fechar" }).last().click();
        // As a person would, the next tap waits until this dialog has gone.
        await details.waitFor({ state: "hidden", ...WAIT });

        await registrationItem(page, vp, `Paula Paga ${vp}`)
          .getByRole("button", { name: /^Detalhes/ })
          .click();
        await dialog(page, "Detalhes da Inscrição").getByText("PIX, confirmado por").waitFor(WAIT);
        await checkScreen(page, vp, "detalhes-pagamento");
        await dialog(page, "Detalhes da Inscrição").getByRole("button", { name: "Fechar" }).last().click();

        await registrationItem(page, vp, `Paula Paga ${vp}`)
          .getByRole("button", { name: /^Excluir/ })
          .click();
        const del = dialog(page, "Excluir Inscrição");
        await del.getByLabel("Ficar com o valor, sem reembolso").check();
        await del.getByRole("button", { name: "Excluir", exact: true }).click();
        await del.getByRole("alert").filter({ hasText: "Diga o motivo" }).waitFor(WAIT);
        await del.getByLabel("Devolver (fica em Reembolsos pendentes, no Financeiro)").check();
        await checkScreen(page, vp, "excluir-paga");
        await del.getByRole("button", { name: "Excluir", exact: true }).click();
        await toastTitled(page, "Inscrição Excluída").waitFor(WAIT);
        const refunds = await ui.app.db.query<{ estado: string }>("SELECT estado FROM reembolsos");
        expect(refunds).toEqual([{ estado: "pendente" }]);
        void half;
      });
    });
  });
});
