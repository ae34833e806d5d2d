import type { Page } from "playwright-core";
import { beforeEach, describe, it } from "vitest";
import { writeFormStatus } from "../../src/server/registrations/form-status-repository";
import { withNewPage } from "../support/lent-pages";
import { checkScreen as check } from "../support/screen-check";
import { useBrowserApp } from "../support/browser-app";
import { ADMIN_PASSWORD, clearRegistrations, dashboardReady, seed, startAdminApp } from "../support/browser-admin";
import { register } from "../support/browser-boarding";
import { fillForm, openSplash, SPLASH_NAME, settled, submitButton } from "../support/browser-visitor";
import { VIEWPORT_NAMES, WAIT } from "../support/browser";

/**
 * Every screen and state of the product, visitor and panel, on a phone and a
 * desktop: axe-core finds no violation in any of them, and on the phone each
 * also fits 360 px with no sideways scroll (with `npm run screenshots`, a
 * screenshot of it lands in screenshots/360/ for a person to look at).
 */
describe("every screen", () => {
  const ui = useBrowserApp(startAdminApp);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    beforeEach(async () => {
      await clearRegistrations(ui.app.db);
      await ui.app.db.query("DELETE FROM onibus");
      await ui.app.db.query("DELETE FROM admin_users WHERE NOT principal");
      await writeFormStatus(ui.app.db, true);
    });
    const open = (fn: (page: Page) => Promise<void>) =>
      withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, fn);

    it("the visitor's screens", { timeout: 180_000 }, async () => {
      await register(ui.app, "Bruno Acessível");
      await open(async (page) => {
        await page.goto("/");
        await page.getByRole("button", { name: SPLASH_NAME }).waitFor(WAIT);
        await check(page, vp, "visitante-portas");

        await openSplash(page, vp);
        await settled(page.locator(".signup-card"));
        await check(page, vp, "visitante-formulario");

        await submitButton(page).click();
        await page.getByText("Nome é obrigatório").waitFor(WAIT);
        await check(page, vp, "visitante-erros");

        await fillForm(page, { name: "Ana Acessível", age: "15", phone: "98933334444" });
        await page.getByRole("checkbox").waitFor(WAIT);
        await check(page, vp, "visitante-menor");

        await page.reload();
        await page.getByText("Recuperamos o que foi preenchido neste aparelho.").waitFor(WAIT);
        await check(page, vp, "visitante-rascunho");

        await page.getByRole("button", { name: "Limpar formulário" }).click();
        // As boarding-support's register() made him: the same phone.
        await fillForm(page, { name: "Bruno Acessível", age: "20", phone: "98988887777" });
        await submitButton(page).click();
        await page.getByRole("alert").filter({ hasText: "Esta pessoa já está inscrita" }).waitFor(WAIT);
        await check(page, vp, "visitante-ja-inscrito");

        await page.getByRole("button", { name: "Limpar formulário" }).click();
        await fillForm(page, { name: "Carla Sem Rede", age: "20", phone: "98955556666" });
        await page.context().setOffline(true);
        await submitButton(page).click();
        await page.getByRole("alert").filter({ hasText: "Erro na inscrição" }).waitFor(WAIT);
        await check(page, vp, "visitante-aviso-de-erro");
        await page.context().setOffline(false);

        await submitButton(page).click();
        await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
        await page.getByRole("heading", { name: "Seu código" }).waitFor(WAIT);
        await check(page, vp, "visitante-obrigado-pix");

        await page.goto("/");
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        await fillForm(page, { name: "Davi Em Espécie", age: "30", phone: "98977778888" });
        await page.getByText("Espécie", { exact: true }).click();
        await submitButton(page).click();
        await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
        await page.getByText(/pagar R\$ 15,00 em espécie/).waitFor(WAIT);
        await check(page, vp, "visitante-obrigado-especie");

        // Every seat taken: the form offers the waiting list, and its thank-you page the position.
        const [{ n }] = await ui.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations");
        await ui.app.db.query("INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus 1', $1, 1)", [n]);
        await ui.app.db.query("UPDATE registrations SET onibus_id = (SELECT id FROM onibus)");
        await page.goto("/");
        await page.getByRole("button", { name: "Entrar na lista de espera" }).waitFor(WAIT);
        await check(page, vp, "visitante-lista-de-espera");
        await fillForm(page, { name: "Elisa Esperando", age: "19", phone: "98999990000" });
        await page.getByRole("button", { name: "Entrar na lista de espera" }).click();
        await page.getByRole("heading", { name: "Você está na lista de espera" }).waitFor(WAIT);
        await check(page, vp, "visitante-obrigado-espera");

        await writeFormStatus(ui.app.db, false);
        await page.goto("/");
        await page
          .getByText(/estão encerradas/)
          .first()
          .waitFor(WAIT);
        await check(page, vp, "visitante-encerrado");

        await page.goto("/pagina-que-nao-existe");
        await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor(WAIT);
        await check(page, vp, "visitante-404");

        // A page whose code cannot be downloaded (a weak signal) says so, with a retry.
        const chunk = "**/assets/my-registration-*.js";
        await page.route(chunk, (route) => route.abort("failed"));
        await page.goto("/minha-inscricao");
        await page.getByRole("heading", { name: "Não foi possível abrir esta página" }).waitFor(WAIT);
        await check(page, vp, "visitante-pagina-nao-abriu");
        // With the signal back, the retry opens the page in place.
        await page.unroute(chunk);
        await page.getByRole("button", { name: "Tentar novamente" }).click();
        await page.getByRole("heading", { name: "Minha inscrição", level: 1 }).waitFor(WAIT);
      });
    });

    it("the panel's screens", { timeout: 180_000 }, async () => {
      await seed(ui.app.db, [
        { nome: "Carla Dias", minutesAgo: 30, telefone: "98922223333" },
        { nome: "Carla Maria Dias", minutesAgo: 20, telefone: "98922223333", status: "confirmado" },
        { nome: "Pedro Dias", minutesAgo: 10, telefone: "98922223333", idade: 15 },
      ]);
      await ui.app.db.query("INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus 1', 10, 1)");
      await ui.app.db.query("UPDATE registrations SET onibus_id = (SELECT id FROM onibus)");
      await open(async (page) => {
        await page.goto("/admin");
        await page.getByRole("button", { name: "Acessar Painel" }).waitFor(WAIT);
        await check(page, vp, "painel-entrada");
        await page.getByLabel("Senha", { exact: true }).fill("senha-errada-123");
        await page.getByRole("button", { name: "Acessar Painel" }).click();
        await page.getByRole("alert").first().waitFor(WAIT);
        await check(page, vp, "painel-entrada-erro");

        await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
        await page.getByRole("button", { name: "Acessar Painel" }).click();
        await dashboardReady(page);
        await check(page, vp, "painel-inicio");

        await page.getByRole("switch", { name: "Inscrições abertas" }).click();
        await page.getByRole("dialog", { name: "Encerrar inscrições?" }).waitFor(WAIT);
        await check(page, vp, "painel-encerrar-inscricoes");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });

        await page.getByLabel("Status", { exact: true }).selectOption({ label: "Possíveis duplicatas" });
        await page.getByText("2 registro(s) encontrado(s)").waitFor(WAIT);
        await page.getByText("Possível duplicata").first().waitFor(WAIT);
        await check(page, vp, "painel-possiveis-duplicatas");

        for (const [label, state] of [
          ["Detalhes de Carla Dias", "painel-detalhes"],
          ["Editar inscrição de Carla Dias", "painel-editar"],
          ["Excluir inscrição de Carla Dias", "painel-excluir"],
        ] as const) {
          await page.getByRole("button", { name: label }).click();
          await page.getByRole("dialog").waitFor(WAIT);
          await settled(page.getByRole("dialog"));
          await check(page, vp, state);
          await page.keyboard.press("Escape");
          await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });
        }

        await page.getByRole("button", { name: "Adicionar ônibus" }).click();
        await page.getByRole("dialog").waitFor(WAIT);
        await check(page, vp, "painel-onibus");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });

        await page.getByRole("button", { name: "Selecionar" }).click();
        await page.getByRole("checkbox", { name: "Selecionar Carla Dias" }).check();
        await page.getByRole("button", { name: "Prorrogar prazo" }).click();
        await page.getByRole("dialog").waitFor(WAIT);
        await check(page, vp, "painel-prorrogar-prazo");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });
        await page.getByRole("button", { name: "Cancelar" }).click();

        await page.getByRole("button", { name: "Adicionar acompanhante" }).click();
        await page.getByRole("dialog", { name: "Adicionar acompanhante" }).waitFor(WAIT);
        await check(page, vp, "painel-acompanhante");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });

        await page.goto("/admin/embarque");
        await page.getByText(/\d+ de \d+ embarcados/).waitFor(WAIT);
        await check(page, vp, "painel-embarque");
        // Who still owes: the money is asked about before boarding.
        await page.getByRole("button", { name: /^Carla Dias/ }).click();
        await page.getByRole("dialog", { name: "Falta pagar" }).waitFor(WAIT);
        await check(page, vp, "painel-embarque-falta-pagar");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });
        await page.getByRole("button", { name: "Recebi em espécie" }).first().click();
        await page.getByRole("dialog", { name: "Recebi em espécie" }).waitFor(WAIT);
        await check(page, vp, "painel-embarque-especie-pix");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });
        // No camera in this browser: the reader says so, in its dialog.
        await page.getByRole("button", { name: "Ler QR" }).click();
        await page.getByRole("dialog").waitFor(WAIT);
        await page
          .getByRole("dialog")
          .getByRole("alert")
          .or(page.getByRole("dialog").getByRole("status"))
          .first()
          .waitFor(WAIT);
        await check(page, vp, "painel-ler-qr");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });

        await page.goto("/admin/embarque/imprimir");
        await page.getByText("Carla Maria Dias").first().waitFor(WAIT);
        await check(page, vp, "painel-lista-impressa");

        await page.goto("/admin/equipe");
        await page.getByRole("button", { name: "Adicionar pessoa" }).click();
        await page.getByRole("dialog").waitFor(WAIT);
        await check(page, vp, "painel-equipe-adicionar");
        await page.getByRole("dialog").getByLabel("Nome").fill("Helena Ajudante");
        await page.getByRole("dialog").getByRole("button", { name: "Adicionar" }).click();
        await page.getByRole("button", { name: "Copiar senha" }).waitFor(WAIT);
        await check(page, vp, "painel-equipe-senha");
        const helperPassword = await page
          .getByRole("dialog")
          .getByText(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/)
          .textContent();
        await page.getByRole("button", { name: "Concluir" }).click();
        await page.getByRole("dialog").waitFor({ state: "hidden", ...WAIT });
        await check(page, vp, "painel-equipe");

        await page.goto("/admin/atividade");
        await page
          .getByText(/Inscrição de Carla Dias/)
          .first()
          .waitFor(WAIT);
        await check(page, vp, "painel-atividade");

        await page.goto("/admin/configuracoes");
        await page.getByRole("button", { name: "Salvar configurações" }).waitFor(WAIT);
        await check(page, vp, "painel-configuracoes");

        // A helper's panel, and the dialog to change one's own password.
        await page.goto("/admin");
        await dashboardReady(page);
        await page.getByRole("button", { name: "Sair" }).click();
        await page.getByLabel("Usuário").fill("helena.ajudante");
        await page.getByLabel("Senha", { exact: true }).fill(helperPassword ?? "");
        await page.getByRole("button", { name: "Acessar Painel" }).click();
        await dashboardReady(page);
        await check(page, vp, "painel-ajudante");
        await page.getByRole("button", { name: "Alterar senha" }).click();
        await page.getByRole("dialog").waitFor(WAIT);
        await check(page, vp, "painel-alterar-senha");
      });
    });
  });
});
