import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { ADMIN_PASSWORD, startAdminApp } from "../support/browser-admin";
import { printedPage } from "../support/printed-page";
import { checkScreen, textLines } from "../support/screen-check";
import { ofx, todayInFortaleza } from "../support/statements";

const dir = mkdtempSync(join(tmpdir(), "caravana-extratos-"));

/**
 * "Financeiro" as a coordinator uses it, on a phone and a desktop: an OFX
 * where one credit carries a code in lower case and one only the payer's
 * name. The first is paid with no click; the second is suggested and
 * "Confirmar" pays it. The same file again changes nothing, and the accounts
 * add up.
 */
describe("Financeiro", () => {
  const ui = useBrowserApp(startAdminApp);

  async function register(nome: string, extra: object = {}): Promise<RegistrationCreated> {
    const res = await ui.app.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: { nome_completo: nome, idade: 20, numero_responsavel: "98988887777", metodo_pagamento: "PIX", ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const status = async (id: string) =>
    (await ui.app.db.query<{ s: string }>("SELECT status_pagamento AS s FROM registrations WHERE id = $1", [id]))[0].s;
  const count = (label: string, page: Page) =>
    page
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd");
  const amountRow = (page: Page, label: string) =>
    page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) })
      .getByRole("cell");
  const money = (text: string | null) => Number((text ?? "").replace(/[^\d,-]/g, "").replace(",", "."));

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("pays a code with no click, confirms a suggested name with one, imports twice with no change, and adds up", async () => {
      await ui.app.db.exec(
        "DELETE FROM registrations; DELETE FROM reembolsos; DELETE FROM pagamentos; DELETE FROM extrato_linhas; DELETE FROM extrato_importacoes;",
      );
      const ana = await register(`Ana Luiza Costa ${vp}`);
      const davi = await register(`Davi Lima ${vp}`, { nome_pagador: "José Carlos Pereira" });
      const file = join(dir, `extrato-${vp}.ofx`);
      const today = todayInFortaleza();
      writeFileSync(
        file,
        ofx([
          {
            data: today,
            valor: "15.00",
            memo: `Pix recebido - ANA L COSTA - ${ana.referencia.toLowerCase().replace("jdj", "jdj ")}`,
          },
          {
            data: today,
            valor: "15,00",
            memo: "Transferência recebida pelo Pix - JOSE CARLOS PEREIRA - •••.123.456-••",
          },
        ]),
      );

      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (page) => {
        expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
        await page.goto("/admin");
        await page.getByRole("link", { name: "Financeiro" }).click();
        await page.getByRole("heading", { name: "Extrato do banco" }).waitFor(WAIT);
        // Its cash loaded: a button enabled then fades in, and a colour judged half-way fails.
        await expect.poll(() => page.getByRole("button", { name: "Registrar entrega" }).isEnabled(), WAIT).toBe(true);
        await checkScreen(page, vp, "financeiro");

        await page.getByLabel("Importar extrato").setInputFiles(file);
        await toastTitled(page, "Extrato importado").waitFor(WAIT);
        await expect.poll(() => count("Pagas automaticamente", page).textContent(), WAIT).toBe("1");
        expect(await count("Sugeridas", page).textContent()).toBe("1");
        // Paid with no click.
        expect(await status(ana.id)).toBe("confirmado");
        expect(await status(davi.id)).toBe("pendente");
        await checkScreen(page, vp, "financeiro-importado");

        const suggestions = page.getByRole("list", { name: "Sugestões" }).first();
        await suggestions.getByRole("button", { name: `Confirmar pagamento de Davi Lima ${vp}` }).click();
        await toastTitled(page, "Pagamento confirmado").waitFor(WAIT);
        await expect.poll(() => status(davi.id), WAIT).toBe("confirmado");

        // The same file again: nothing new, nothing paid twice.
        await page.getByLabel("Importar extrato").setInputFiles(file);
        await expect.poll(() => count("Já vistas", page).textContent(), WAIT).toBe("2");
        expect(await count("Novas", page).textContent()).toBe("0");
        const [{ n }] = await ui.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pagamentos");
        expect(n).toBe(2);

        await page.getByRole("link", { name: "Prestação de contas" }).click();
        await page.getByRole("heading", { name: "Prestação de contas", level: 2 }).waitFor(WAIT);
        const received = money(await amountRow(page, "Total recebido").textContent());
        const parts = await Promise.all(
          ["Recebido por PIX (extrato)", "Recebido por PIX (marcado à mão)", "Recebido em espécie"].map(async (l) =>
            money(await amountRow(page, l).textContent()),
          ),
        );
        expect(parts).toEqual([30, 0, 0]);
        expect(received).toBe(parts.reduce((a, b) => a + b, 0));
        expect(money(await amountRow(page, "Saldo").textContent())).toBe(received);
        // A parish's accounts: who, which edition and which period at the top; amounts on the right, each on
        // one line; lines to sign at the bottom. On the phone and on paper.
        await page.getByText("Juventude Católica VG").first().waitFor(WAIT);
        await page.getByText(/Período: (de \d\d\/\d\d\/\d{4} )?a \d\d\/\d\d\/\d{4}|Período: até/).waitFor(WAIT);
        const amounts = page.locator(".accounts td");
        const looks: { lines: number; align: string }[] = [];
        for (const cell of await amounts.all())
          looks.push({
            lines: await cell.evaluate(textLines),
            align: await cell.evaluate((el) => getComputedStyle(el).textAlign),
          });
        expect(looks.length).toBeGreaterThan(5);
        expect(looks.filter((l) => l.lines !== 1 || l.align !== "right")).toEqual([]);
        await checkScreen(page, vp, "prestacao-de-contas");
        if (vp === "phone") {
          const paper = await printedPage(page, "prestacao-de-contas");
          for (const text of [
            "Prestação de contas",
            "Juventude Católica VG",
            "Período:",
            "Responsável pela caravana",
            "Pela paróquia",
          ])
            expect(paper.text).toContain(text);
          expect(paper.text).not.toMatch(/R\$\s*$/m);
        }
      });
    });
  });
});
