import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { screenshot, toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { borrowPage, type LentPage, returnPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import {
  clearRegistrations,
  expectNames,
  openDashboard,
  registrationItem,
  type SeedRow,
  seed,
  shownNames,
  startAdminApp,
  viewportShot,
} from "../support/browser-admin";

// 13 rows: two pages of 10. Newest first: "Mateus" (1 min ago) ... "Álvaro" (13 min ago).
const ROWS: SeedRow[] = [
  { nome: "Mateus Lima", minutesAgo: 1 },
  { nome: "Letícia Souza", minutesAgo: 2, status: "confirmado" },
  { nome: "Karina Alves", minutesAgo: 3, metodo: "ESPECIE" },
  { nome: "João Pedro Araújo", minutesAgo: 4, idade: 16, telefone: "9832214455" },
  { nome: "Isabela Rocha", minutesAgo: 5, status: "confirmado", metodo: "ESPECIE" },
  { nome: "Henrique Dias", minutesAgo: 6 },
  { nome: "Gabriela Nunes", minutesAgo: 7 },
  { nome: "Fábio Costa", minutesAgo: 8, status: "confirmado" },
  { nome: "Érica Melo", minutesAgo: 9 },
  { nome: "Diego Ramos", minutesAgo: 10 },
  { nome: "Camila Pires", minutesAgo: 11 },
  { nome: "Bruno Teixeira", minutesAgo: 12 },
  { nome: "Álvaro Mendes", minutesAgo: 13 },
];
const NEWEST_FIRST = ROWS.map((r) => r.nome);

describe("admin registrations list", () => {
  const ui = useBrowserApp(startAdminApp);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    let lent: LentPage | undefined;
    let page: Page;

    beforeEach(async () => {
      await clearRegistrations(ui.app.db);
      await seed(ui.app.db, ROWS);
      lent = await borrowPage(ui.browser, vp, { baseURL: ui.app.baseUrl });
      ({ page } = lent);
      await openDashboard(page);
      await expectNames(page, vp, NEWEST_FIRST.slice(0, 10));
    });
    afterEach(async ({ task }) => {
      if (lent) await returnPage(ui.browser, lent, !task.result?.errors?.length);
      lent = undefined;
    });

    it("pages, sorts, searches and filters on the server", async () => {
      await page.getByText("13 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);
      await page.getByText("Página 1 de 2").waitFor();
      const pager = page.getByRole("navigation", { name: "Paginação" });
      expect(await pager.getByRole("button", { name: "Página 1" }).getAttribute("aria-current")).toBe("page");
      expect(await pager.getByRole("button", { name: "Anterior" }).isDisabled()).toBe(true);
      await screenshot(page, `admin-dashboard-${vp}`);

      await pager.getByRole("button", { name: "Próxima" }).click();
      await expectNames(page, vp, NEWEST_FIRST.slice(10));
      await page.getByText("Página 2 de 2").waitFor();
      expect(await pager.getByRole("button", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
      expect(await pager.getByRole("button", { name: "Próxima" }).isDisabled()).toBe(true);
      await pager.getByRole("button", { name: "Página 1" }).click();
      await expectNames(page, vp, NEWEST_FIRST.slice(0, 10));

      const sort = page.getByLabel("Ordenar por");
      await sort.selectOption({ label: "Mais Antigos" });
      await expectNames(page, vp, [...NEWEST_FIRST].reverse().slice(0, 10));
      await sort.selectOption({ label: "Nome A-Z" });
      // Accents do not push a name to the end: Álvaro first, Érica between Diego and Fábio.
      await expectNames(page, vp, [
        "Álvaro Mendes",
        "Bruno Teixeira",
        "Camila Pires",
        "Diego Ramos",
        "Érica Melo",
        "Fábio Costa",
        "Gabriela Nunes",
        "Henrique Dias",
        "Isabela Rocha",
        "João Pedro Araújo",
      ]);
      await sort.selectOption({ label: "Mais Recentes" });

      const search = page.getByLabel("Buscar por nome");
      await search.fill("joao");
      await expectNames(page, vp, ["João Pedro Araújo"]);
      await page.getByText("1 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);
      expect(await page.getByText(/Página \d+ de/).count()).toBe(0);
      await registrationItem(page, vp, "João Pedro Araújo").getByText("(98) 3221-4455").waitFor();
      await search.fill("ninguém com esse nome");
      await page.getByText("Nenhuma inscrição encontrada para o termo pesquisado").waitFor(WAIT);
      await search.fill("");

      const status = page.getByLabel("Status", { exact: true });
      await status.selectOption({ label: "Pagos" });
      await expectNames(page, vp, ["Letícia Souza", "Isabela Rocha", "Fábio Costa"]);
      await page.getByText("3 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);
      await status.selectOption({ label: "Pendentes" });
      await page.getByText("10 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);
      expect(await shownNames(page, vp)).not.toContain("Letícia Souza");
      await search.fill("Letícia");
      await page.getByText("Nenhuma inscrição encontrada para o termo pesquisado").waitFor(WAIT);
      await search.fill("");
      await status.selectOption({ label: "Todos" });
      await page.getByText("13 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);

      await clearRegistrations(ui.app.db);
      await page.getByText("Nenhuma inscrição encontrada", { exact: true }).waitFor(WAIT);
    });

    it("marks a payment as paid and back", async () => {
      const item = registrationItem(page, vp, "Mateus Lima");
      await item.getByRole("button", { name: "Marcar Pago" }).click();
      await toastTitled(page, "Status Atualizado").waitFor(WAIT);
      await item.getByRole("button", { name: "Pago", exact: true }).waitFor(WAIT);
      await item.getByText("Pago", { exact: true }).first().waitFor();
      const [paid] = await ui.app.db.query<{ status_pagamento: string }>(
        "SELECT status_pagamento FROM registrations WHERE nome_completo = 'Mateus Lima'",
      );
      expect(paid.status_pagamento).toBe("confirmado");
      await page.getByText(/Total de registros:\s*13/).waitFor();

      // One tap on the green "Pago" is easy to make by mistake: its toast takes it back.
      await item.getByRole("button", { name: "Pago", exact: true }).click();
      await item.getByRole("button", { name: "Marcar Pago" }).waitFor(WAIT);
      await item.getByText("Pendente", { exact: true }).waitFor(WAIT);
      const status = async () =>
        (
          await ui.app.db.query<{ status_pagamento: string }>(
            "SELECT status_pagamento FROM registrations WHERE nome_completo = 'Mateus Lima'",
          )
        )[0].status_pagamento;
      expect(await status()).toBe("pendente");
      await page
        .locator(".toast")
        .filter({ hasText: "Pagamento de Mateus Lima voltou para pendente." })
        .getByRole("button", { name: "Desfazer" })
        .click();
      await item.getByRole("button", { name: "Pago", exact: true }).waitFor(WAIT);
      expect(await status()).toBe("confirmado");
      await item.getByRole("button", { name: "Pago", exact: true }).click();
      await item.getByRole("button", { name: "Marcar Pago" }).waitFor(WAIT);
      expect(await status()).toBe("pendente");
    });

    it("shows every field in the details dialog and gives focus back on close", async () => {
      const opener = registrationItem(page, vp, "João Pedro Araújo").getByRole("button", { name: /^Detalhes/ });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Detalhes da Inscrição" });
      await dialog.waitFor(WAIT);
      // The internal id is not a code anyone uses: only the reference is shown as the code.
      const [{ id }] = await ui.app.db.query<{ id: string }>(
        "SELECT id FROM registrations WHERE nome_completo = 'João Pedro Araújo'",
      );
      expect(await dialog.textContent()).not.toContain(id);
      for (const text of ["João Pedro Araújo", "16 anos", "(98) 3221-4455", "PIX", "Pendente", "Não enviado"]) {
        await dialog.getByText(text, { exact: true }).waitFor();
      }
      // The money in one place: the payment's status and deadline, then what was paid, then health notes.
      const ys: number[] = [];
      for (const part of [
        dialog.getByText("Status do pagamento", { exact: true }),
        dialog.getByRole("heading", { name: "Valor e pagamentos", exact: true }),
        dialog.getByText("Cuidados de saúde", { exact: true }),
      ]) {
        await part.waitFor(WAIT);
        ys.push((await part.boundingBox())!.y);
      }
      expect(ys).toEqual([...ys].sort((a, b) => a - b));
      await viewportShot(page, `admin-dialog-details-${vp}`);
      if (vp === "phone") {
        // Taller than the phone: scrolled to its end, the dialog still shows its title and its close button.
        const box = await dialog.evaluate((d) => {
          d.scrollTop = d.scrollHeight;
          return { scrolled: d.scrollTop, top: d.getBoundingClientRect().top };
        });
        expect(box.scrolled).toBeGreaterThan(0);
        // The first "Fechar" is the X beside the title; the other ends the dialog.
        const close = (await dialog.getByRole("button", { name: "Fechar" }).first().boundingBox())!;
        expect(close.y).toBeGreaterThanOrEqual(box.top);
        expect(close.y).toBeLessThan(box.top + 80);
        await viewportShot(page, "admin-dialog-details-scrolled-phone");
      }
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached", ...WAIT });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it("edits a registration with validation", async () => {
      await registrationItem(page, vp, "Karina Alves")
        .getByRole("button", { name: /^Editar/ })
        .click();
      const dialog = page.getByRole("dialog", { name: "Editar Inscrição" });
      await dialog.waitFor(WAIT);
      const name = dialog.getByLabel("Nome completo", { exact: true });
      expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
      await name.fill("   ");
      await dialog.getByLabel("Idade", { exact: true }).fill("70");
      await dialog.getByLabel("Número Responsável", { exact: true }).fill("9899");
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      await dialog.getByText("Nome é obrigatório").waitFor();
      await dialog.getByText("Idade máxima: 65 anos").waitFor();
      await dialog.getByText("Número de telefone inválido").waitFor();
      await viewportShot(page, `admin-dialog-edit-${vp}`);

      // After the first submit, fields are checked again as they change.
      await name.fill("Karina Alves Ferreira");
      await dialog.getByText("Nome é obrigatório").waitFor({ state: "detached" });
      await dialog.getByLabel("Idade", { exact: true }).fill("19");
      const phone = dialog.getByLabel("Número Responsável", { exact: true });
      await phone.fill("98912345678");
      expect(await phone.inputValue()).toBe("(98) 91234-5678");
      await dialog.getByLabel("PIX").check();
      await dialog.getByLabel("Confirmado").check();
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      await toastTitled(page, "Inscrição Atualizada").waitFor(WAIT);
      await dialog.waitFor({ state: "detached", ...WAIT });

      const item = registrationItem(page, vp, "Karina Alves Ferreira");
      await item.getByRole("button", { name: "Pago", exact: true }).waitFor(WAIT);
      await item.getByText("(98) 91234-5678").waitFor();
      const [row] = await ui.app.db.query<Record<string, unknown>>(
        "SELECT idade, numero_responsavel, metodo_pagamento, status_pagamento FROM registrations WHERE nome_completo = 'Karina Alves Ferreira'",
      );
      expect(row).toEqual({
        idade: 19,
        numero_responsavel: "98912345678",
        metodo_pagamento: "PIX",
        status_pagamento: "confirmado",
      });
    });

    it("shows the server's message when an edit fails", async () => {
      await registrationItem(page, vp, "Diego Ramos")
        .getByRole("button", { name: /^Editar/ })
        .click();
      const dialog = page.getByRole("dialog", { name: "Editar Inscrição" });
      await dialog.waitFor(WAIT);
      // Someone else deletes it meanwhile.
      await ui.app.db.query("DELETE FROM registrations WHERE nome_completo = 'Diego Ramos'");
      await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
      const failed = toastTitled(page, "Erro ao atualizar a inscrição");
      await failed.waitFor(WAIT);
      expect(((await failed.textContent()) ?? "").length).toBeGreaterThan("Erro ao atualizar a inscrição".length);
      // The dialog stays open so nothing typed is lost.
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await dialog.waitFor({ state: "detached", ...WAIT });
    });

    it("deletes a registration after the exact confirmation", async () => {
      const opener = registrationItem(page, vp, "Henrique Dias").getByRole("button", { name: /^Excluir/ });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Excluir Inscrição" });
      await dialog.waitFor(WAIT);
      await dialog
        .getByText("Tem certeza que deseja excluir a inscrição de: Henrique Dias. Esta ação não pode ser desfeita.", {
          exact: true,
        })
        .waitFor();
      // The safe choice has focus.
      expect(
        await dialog.getByRole("button", { name: "Cancelar" }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await viewportShot(page, `admin-dialog-delete-${vp}`);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached", ...WAIT });
      expect(await ui.app.db.query("SELECT 1 FROM registrations WHERE nome_completo = 'Henrique Dias'")).toHaveLength(
        1,
      );

      await opener.click();
      await dialog.waitFor(WAIT);
      await dialog.getByRole("button", { name: "Excluir", exact: true }).click();
      await toastTitled(page, "Inscrição Excluída").waitFor(WAIT);
      await dialog.waitFor({ state: "detached", ...WAIT });
      await page.getByText("12 registro(s) encontrado(s)", { exact: true }).waitFor(WAIT);
      expect(await shownNames(page, vp)).not.toContain("Henrique Dias");
      expect(await ui.app.db.query("SELECT 1 FROM registrations WHERE nome_completo = 'Henrique Dias'")).toHaveLength(
        0,
      );
    });

    it("shows names as text, never as markup", async () => {
      const hostile = `<img src=x onerror="document.title='xss'"><b>Zé</b>`;
      await seed(ui.app.db, [{ nome: hostile, minutesAgo: 0 }]);
      await page.getByRole("button", { name: "Atualizar Dados" }).click();
      await registrationItem(page, vp, hostile).waitFor(WAIT);
      expect(await page.locator("img[src='x']").count()).toBe(0);
      expect(await page.title()).not.toBe("xss");

      // And in the details dialog.
      await registrationItem(page, vp, hostile)
        .getByRole("button", { name: /^Detalhes/ })
        .click();
      const dialog = page.getByRole("dialog", { name: "Detalhes da Inscrição" });
      await dialog.getByText(hostile, { exact: true }).waitFor(WAIT);
      expect(await dialog.locator("img[src='x'], b").count()).toBe(0);
      expect(await page.title()).not.toBe("xss");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden", ...WAIT });
    });
  });
});
