import { existsSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { ADMIN_PASSWORD, startAdminApp } from "../support/browser-admin";
import { addBus, openRollCall, passenger, register } from "../support/browser-boarding";
import { checkScreen } from "../support/screen-check";
import { VIEWPORT_NAMES, WAIT } from "../support/browser";

/**
 * A coordinator closes "JDJ 2025" into "JDJ 2026" keeping the buses, on a
 * phone and on a desktop: the list is empty, the bus is there, "Edições
 * anteriores" shows JDJ 2025's totals, and the visitor page names JDJ 2026
 * once the form is opened.
 */
describe("Edições", () => {
  const ui = useBrowserApp(startAdminApp);

  async function setTitle(titulo: string) {
    await ui.app.db.query(
      `INSERT INTO event_settings (chave, valor, origem) VALUES ('titulo', to_jsonb($1::text), 'painel')
       ON CONFLICT (chave) DO UPDATE SET valor = EXCLUDED.valor, origem = 'painel'`,
      [titulo],
    );
    await ui.app.app.eventSettings.reload();
  }

  const figure = (page: Page, edition: string, label: string) =>
    page
      .getByRole("article", { name: edition })
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd");

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("closes JDJ 2025 into JDJ 2026 keeping the buses, and keeps last year's totals", async () => {
      const last = `JDJ 2025 ${vp}`;
      const next = `JDJ 2026 ${vp}`;
      await ui.app.db.exec("DELETE FROM registrations; DELETE FROM onibus; DELETE FROM pagamentos;");
      await ui.app.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
      await setTitle(last);
      await addBus(ui.app, `Ônibus ${vp}`, 2, 1);
      const ana = await register(ui.app, `Ana Edição ${vp}`, 20, { owes: true });
      await register(ui.app, `Bruno Edição ${vp}`, 15, { owes: true });
      await register(ui.app, `Caio Espera ${vp}`, 20, { owes: true });
      await ui.app.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [ana.id]);
      const before = ui.app.app.eventSettings.current();

      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (page) => {
        expect((await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
        if (vp === "desktop") {
          // A mark this phone could not send yet: the close waits for it.
          await page.route("**/api/boarding/marks", (route) => route.abort());
          await openRollCall(page);
          await passenger(page, `Ana Edição ${vp}`).click();
          await page.getByText("1 aguardando envio").waitFor(WAIT);
          await page.goto("/admin/edicoes");
          await page.getByRole("button", { name: "Encerrar edição" }).click();
          const dialog = page.getByRole("dialog", { name: "Encerrar edição" });
          await dialog
            .getByText(
              "Este aparelho tem 1 marcação da chamada aguardando envio. Conecte-se e espere o envio antes de encerrar a edição.",
            )
            .waitFor(WAIT);
          expect(await dialog.getByRole("button", { name: "Encerrar edição" }).count()).toBe(0);
          await dialog.getByRole("button", { name: "Cancelar" }).click();
          // The signal returns: the roll call sends the mark, and the close may go on.
          await page.unroute("**/api/boarding/marks");
          await openRollCall(page);
          await expect.poll(() => page.getByText("aguardando envio").count(), WAIT).toBe(0);
        }

        await page.goto("/admin");
        await page.getByRole("link", { name: "Edições" }).click();
        await page.getByRole("heading", { name: "Edição atual" }).waitFor(WAIT);
        await page.getByText(last, { exact: true }).waitFor(WAIT);
        await checkScreen(page, vp, "edicoes");

        await page.getByRole("button", { name: "Encerrar edição" }).click();
        const dialog = page.getByRole("dialog", { name: "Encerrar edição" });
        // What is still open comes first, each with the way to it; closing stays possible.
        const open = dialog.getByRole("region", { name: "Ainda em aberto" });
        await open.getByText("1 pessoa com vaga ainda não pagou").waitFor(WAIT);
        await open.getByText("1 pessoa continua na lista de espera").waitFor(WAIT);
        expect(await open.getByRole("link", { name: "Ver inscrições" }).first().getAttribute("href")).toBe("/admin");
        await dialog.getByRole("button", { name: "Encerrar edição" }).click();
        await dialog.getByText("Informe o nome da nova edição.").waitFor(WAIT);
        await dialog.getByLabel("Nome da nova edição").fill(next);
        // The next number and year are offered: "3ª EDIÇÃO" after the 2nd, the year after.
        expect(await dialog.getByLabel("Número da nova edição").inputValue()).toBe(String(before.edicao_numero + 1));
        expect(await dialog.getByLabel("Ano da nova edição").inputValue()).toBe(String(before.ano + 1));
        for (const kept of ["Ônibus, com lugares e responsáveis (vazios)", "Contas da equipe"])
          expect(await dialog.getByLabel(kept).isChecked()).toBe(true);
        expect(await dialog.getByLabel("Dias guardados").inputValue()).toBe("90");
        await dialog
          .getByText(
            `${last} será encerrada e ${next} começará com o formulário fechado e a lista vazia, levando os ônibus, a equipe e as configurações; a lista fica guardada, só para leitura, por 90 dias e depois é apagada.`,
            { exact: false },
          )
          .waitFor(WAIT);
        await checkScreen(page, vp, "edicoes-encerrar");
        await dialog.getByRole("button", { name: "Encerrar edição" }).click();

        const done = page.getByRole("status").filter({ hasText: `${last} encerrada` });
        await done.waitFor(WAIT);
        // The coordinator reads the file's name in words; the server's path stays in the log.
        const file = (await done.locator(".edition-backup-file").textContent()) ?? "";
        expect(file).toMatch(/^caravana-.+\.jsonl\.gz/);
        expect(await done.textContent()).not.toContain("/");
        const [logged] = await ui.app.db.query<{ backup: string }>(
          "SELECT depois ->> 'backup' AS backup FROM activity_log WHERE tipo = 'edicao.encerrada' ORDER BY id DESC LIMIT 1",
        );
        expect(logged.backup.endsWith(file)).toBe(true);
        expect(existsSync(logged.backup)).toBe(true);
        await figure(page, last, "Com vaga").getByText("2", { exact: true }).waitFor(WAIT);
        expect(await figure(page, last, "Lista de espera").textContent()).toBe("1");
        expect(await figure(page, last, "Recebido").textContent()).toBe("R$ 15,00");
        expect(await figure(page, last, "Saldo").textContent()).toBe("R$ 15,00");
        const closed = page.getByRole("article", { name: last });
        const byBus = closed.getByRole("table", { name: "Com vaga, por ônibus" });
        expect(await byBus.getByRole("row", { name: `Ônibus ${vp} 2 de 2` }).count()).toBe(1);
        const byAge = closed.getByRole("table", { name: "Com vaga, por idade" });
        expect(await byAge.getByRole("row", { name: "12 a 15 anos 1" }).count()).toBe(1);
        await checkScreen(page, vp, "edicoes-encerrada");

        // Last year's list, read-only, while its days run.
        await page.getByRole("button", { name: `Ver lista de ${last}` }).click();
        const list = page.getByRole("dialog", { name: `Inscrições de ${last}` });
        await list.getByText(`Caio Espera ${vp}`).waitFor(WAIT);
        expect(await list.getByRole("link", { name: "Baixar planilha (.xlsx)" }).getAttribute("href")).toMatch(
          /^\/api\/editions\/\d+\/export\.xlsx$/,
        );
        await checkScreen(page, vp, "edicoes-lista-guardada");
        await list.getByRole("button", { name: "Fechar" }).click();

        // The new edition: an empty list, the bus with its seats free, the form closed.
        await page.getByRole("link", { name: "Voltar ao painel" }).click();
        await page.getByText("0 registro(s) encontrado(s)").waitFor(WAIT);
        const toggle = page.getByRole("switch", { name: "Inscrições abertas" });
        await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("false");
        await page.getByText(`Ônibus ${vp}`).first().waitFor(WAIT);
        await page.getByLabel("0 de 2 lugares ocupados").waitFor(WAIT);

        await toggle.click();
        await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("true");
      });

      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, async (visitor) => {
        await visitor.goto("/");
        await visitor
          .getByRole("heading", { name: new RegExp(next) })
          .first()
          .waitFor(WAIT);
        expect(await visitor.getByText(last).count()).toBe(0);
        // The new edition's badge and year, as the close offered them.
        await visitor.getByText(`${before.edicao_numero + 1}ª EDIÇÃO`, { exact: true }).waitFor(WAIT);
        await visitor
          .getByRole("contentinfo")
          .getByText(`© ${before.ano + 1} Juventude Católica VG`, { exact: true })
          .waitFor(WAIT);
      });
    }, 120_000);
  });
});
