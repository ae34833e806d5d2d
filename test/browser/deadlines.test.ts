import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, shotAt360, WAIT } from "../support/browser";
import { ADMIN_PASSWORD, dashboardReady, startAdminApp } from "../support/browser-admin";
import { useBrowserApp } from "../support/browser-app";
import { withNewPages } from "../support/lent-pages";
import { advanceClock, clockNow } from "../support/clock";
import type { SettingsView } from "../../src/shared/event-settings";
import { ofx, todayInFortaleza } from "../support/statements";

const DAY = 86_400_000;

/** The card of one person on "Minha inscrição". */
const card = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The panel's card of one registration, on the phone. */
const panelCard = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Inscrições" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });

describe("payment deadlines, on phones", () => {
  const ui = useBrowserApp(startAdminApp);

  it("shows 'Pagar até', extends a deadline from the panel, and hands a released seat to the next person live", async () => {
    await withNewPages(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (open) => {
      const admin = await open();
      const panelContext = admin.context();
      expect((await admin.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      expect((await admin.request.put("/api/form-status", { data: { is_open: true } })).status()).toBe(200);
      expect((await admin.request.post("/api/buses", { data: { nome: "Ônibus 1", lugares: 1 } })).status()).toBe(201);

      // Ana takes the only seat; Bia, on another phone, waits.
      const signUp = async (page: Page, nome: string, numero: string) => {
        const res = await page.request.post("/api/registrations", {
          data: { nome_completo: nome, idade: 20, numero_responsavel: numero, metodo_pagamento: "PIX" },
        });
        expect(res.status()).toBe(201);
        const reg = (await res.json()) as { id: string; upload_token: string };
        await page.goto(`/minha-inscricao#${reg.id}.${reg.upload_token}`);
        return reg.id;
      };
      const phoneA = await open();
      const anaId = await signUp(phoneA, "Ana Prazo", "98911112222");
      const phoneB = await open();
      await signUp(phoneB, "Bia Espera", "98933334444");

      const ana = card(phoneA, "Ana Prazo");
      await ana.getByText("Vaga no Ônibus 1").waitFor(WAIT);
      await ana.getByText(/^Pagar até \d\d\/\d\d às 23:59\. Depois disso/).waitFor(WAIT);
      await shotAt360(phoneA, "prazo-minha-inscricao");
      await card(phoneB, "Bia Espera")
        .getByText(/Lista de espera: 1ª posição/)
        .waitFor(WAIT);

      // Six days later, Ana's deadline is near: "Vence em breve" lists her, and the panel extends it.
      await advanceClock(ui.app.db, 6 * DAY);
      await panelContext.clock.setFixedTime(await clockNow(ui.app.db));
      await admin.goto("/admin");
      await dashboardReady(admin);
      // One bus of one seat, taken, and Bia waiting: each count agrees with its word.
      await admin.getByText("Vagas: 1 lugar · 1 ocupado · 0 livres · 1 na lista de espera").waitFor(WAIT);
      await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Vence em breve" });
      await panelCard(admin, "Ana Prazo")
        .getByText(/^Pagar até \d\d\/\d\d às 23:59$/)
        .waitFor(WAIT);
      await admin.getByText("1 registro(s) encontrado(s)").waitFor(WAIT);
      await shotAt360(admin, "prazo-vence-em-breve");

      await admin.getByRole("button", { name: "Selecionar" }).click();
      await admin.getByRole("checkbox", { name: "Selecionar Ana Prazo" }).check();
      await admin.getByRole("button", { name: "Prorrogar prazo" }).click();
      const dialog = admin.getByRole("dialog", { name: "Prorrogar prazo" });
      const newDay = await dialog.getByLabel("Novo dia").inputValue();
      await dialog.getByLabel("Motivo").fill("Combinou com a coordenação.");
      await shotAt360(admin, "prazo-prorrogar", true);
      await dialog.getByRole("button", { name: "Prorrogar" }).click();
      await dialog.waitFor({ state: "hidden", ...WAIT });
      // A week away now, so no longer "em breve"; her own page shows the new day.
      await admin.getByText("0 registro(s) encontrado(s)").waitFor(WAIT);
      const [extended] = await ui.app.db.query<{ dia: string }>(
        "SELECT to_char(prazo_pagamento AT TIME ZONE 'America/Fortaleza', 'YYYY-MM-DD') AS dia FROM registrations WHERE id = $1",
        [anaId],
      );
      expect(extended.dia).toBe(newDay);
      const [, month, day] = newDay.split("-");
      await phoneA.reload();
      await ana.getByText(`Pagar até ${day}/${month}`, { exact: false }).waitFor(WAIT);

      // Past the new deadline and the statement's tolerance, the release pass hands the seat on,
      // and both open pages follow without a reload.
      await advanceClock(ui.app.db, 20 * DAY);
      expect(await ui.app.app.deadlines.runOnce()).toBe(1);
      await ana
        .getByText(
          `Sua vaga foi liberada porque o pagamento não chegou até ${day}/${month} às 23:59. Fale com a coordenação.`,
        )
        .waitFor({ timeout: 5_000 });
      await ana.getByText("Não pague agora: fale antes com a coordenação.").waitFor(WAIT);
      // "Fale com a coordenação" is a tap away, with the person and her code already written.
      const talk = new URL(
        (await ana.getByRole("link", { name: "Falar com a coordenação no WhatsApp" }).getAttribute("href")) ?? "",
      );
      const [coordination] = await ui.app.db.query<{ n: string }>(
        "SELECT valor #>> '{}' AS n FROM event_settings WHERE chave = 'whatsapp'",
      );
      expect(`${talk.hostname}${talk.pathname}`).toBe(`wa.me/${coordination.n}`);
      expect(talk.searchParams.get("text")).toMatch(
        /^Olá! A vaga de Ana Prazo \(código JDJ[0-9A-Z]{4}\) na caravana .+ foi liberada porque o pagamento não chegou no prazo\. Podemos conversar\?$/,
      );
      await shotAt360(phoneA, "prazo-vaga-liberada");
      const bia = card(phoneB, "Bia Espera");
      await bia.getByText("Vaga no Ônibus 1").waitFor({ timeout: 5_000 });
      await bia.getByText(/^Pagar até \d\d\/\d\d às \d\d:\d\d\. Depois disso/).waitFor(WAIT);
      await shotAt360(phoneB, "prazo-vaga-recebida");
      const [biaDeadline] = await ui.app.db.query<{ horas: number }>(
        `SELECT round(extract(epoch FROM prazo_pagamento - caravana_agora()) / 3600)::int AS horas
         FROM registrations WHERE nome_completo = 'Bia Espera'`,
      );
      expect(biaDeadline.horas).toBe(48);

      // The open panel followed the release without a reload: "Vencidas" lists Ana, with what happened.
      await panelContext.clock.setFixedTime(await clockNow(ui.app.db));
      await admin.getByText("Vagas: 1 lugar · 1 ocupado · 0 livres · 0 na lista de espera").waitFor(WAIT);
      await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Vencidas" });
      await panelCard(admin, "Ana Prazo")
        .getByText(/^Prazo venceu em \d\d\/\d\d às \d\d:\d\d$/)
        .waitFor(WAIT);
      await admin.getByText("1 registro(s) encontrado(s)").waitFor(WAIT);
      await shotAt360(admin, "prazo-vencidas");

      // Ana's money arrives after her seat went: kept, and she waits first in line, paid, on both screens.
      expect(
        (
          await admin.request.patch(`/api/registrations/${anaId}`, { data: { status_pagamento: "confirmado" } })
        ).status(),
      ).toBe(200);
      await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Todos" });
      await panelCard(admin, "Ana Prazo").getByText("Lista de espera #1").waitFor(WAIT);
      await panelCard(admin, "Ana Prazo").getByText("Pago, aguardando vaga").waitFor(WAIT);
      await shotAt360(admin, "prazo-pago-aguardando");
      await ana.getByText(/^Pago, aguardando vaga\./).waitFor(WAIT);
    });
  }, 120_000);

  it("offers 'Liberar vaga' only once the statement's tolerance passed too, with automatic release off; a late PIX in the statement seats him again", async () => {
    const context = await newContext(ui.browser, "phone", { baseURL: ui.app.baseUrl });
    const admin = await context.newPage();
    const setAutomatic = async (on: boolean) => {
      const view = (await (await admin.request.get("/api/settings")).json()) as SettingsView;
      const res = await admin.request.put("/api/settings", {
        data: { ...view.values, prazo_liberar_automaticamente: on },
      });
      expect(res.status()).toBe(200);
    };
    try {
      expect((await admin.request.post("/api/session", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
      expect((await admin.request.put("/api/form-status", { data: { is_open: true } })).status()).toBe(200);
      await setAutomatic(false);
      // A seat of its own, whatever the test before left waiting (Ana, paid, takes the other).
      expect((await admin.request.post("/api/buses", { data: { nome: "Ônibus Manual", lugares: 2 } })).status()).toBe(
        201,
      );
      const res = await admin.request.post("/api/registrations", {
        data: { nome_completo: "Caio Manual", idade: 20, numero_responsavel: "98955556666", metodo_pagamento: "PIX" },
      });
      expect(res.status()).toBe(201);
      const { id, referencia } = (await res.json()) as { id: string; referencia: string };
      const details = admin.getByRole("dialog", { name: "Detalhes da Inscrição" });
      const openDetails = async () => {
        await context.clock.setFixedTime(await clockNow(ui.app.db));
        await admin.goto("/admin");
        await dashboardReady(admin);
        await admin.getByRole("button", { name: "Detalhes de Caio Manual" }).click();
        await details.waitFor(WAIT);
      };

      // A day past the deadline, within the two days of tolerance: the statement may still bring the money.
      await advanceClock(ui.app.db, 8 * DAY);
      await openDetails();
      await details.getByText(/^Prazo venceu em \d\d\/\d\d às 23:59; aguardando o extrato$/).waitFor(WAIT);
      await details.getByRole("button", { name: "Prorrogar prazo" }).waitFor(WAIT);
      expect(await details.getByRole("button", { name: "Liberar vaga" }).count()).toBe(0);

      // Past the tolerance: nothing frees itself, and the details offer the release.
      await advanceClock(ui.app.db, 2 * DAY);
      expect(await ui.app.app.deadlines.runOnce()).toBe(0);
      await openDetails();
      await details.getByText(/^Prazo venceu em \d\d\/\d\d às 23:59$/).waitFor(WAIT);
      await shotAt360(admin, "prazo-liberar-vaga");
      await details.getByRole("button", { name: "Liberar vaga" }).click();
      await details.getByRole("button", { name: "Devolver vaga" }).waitFor(WAIT);
      const [row] = await ui.app.db.query<{ situacao: string }>("SELECT situacao FROM registrations WHERE id = $1", [
        id,
      ]);
      expect(row.situacao).toBe("vencida");

      // His PIX arrives in the statement: a suggestion that says his seat went, and once confirmed he is seated
      // again, paid, in the seat that is still free.
      await details.getByRole("button", { name: "Fechar" }).first().click();
      await details.waitFor({ state: "hidden", ...WAIT });
      await admin.getByRole("link", { name: "Financeiro" }).click();
      await admin.getByRole("heading", { name: "Extrato do banco" }).waitFor(WAIT);
      const file = join(mkdtempSync(join(tmpdir(), "caravana-extrato-prazo-")), "extrato.ofx");
      writeFileSync(
        file,
        ofx([{ data: todayInFortaleza(), valor: "15.00", memo: `Pix recebido - CAIO MANUAL - ${referencia}` }]),
      );
      await admin.getByLabel("Importar extrato").setInputFiles(file);
      const suggestions = admin.getByRole("list", { name: "Sugestões" }).first();
      await suggestions
        .getByText("vaga vencida: confirmado, fica pago e volta à fila, ou a uma vaga livre", { exact: false })
        .waitFor(WAIT);
      await shotAt360(admin, "prazo-extrato-vencida");
      await suggestions.getByRole("button", { name: "Confirmar pagamento de Caio Manual" }).click();
      await expect
        .poll(
          async () =>
            (
              await ui.app.db.query<{ s: string }>(
                "SELECT situacao || '/' || status_pagamento AS s FROM registrations WHERE id = $1",
                [id],
              )
            )[0].s,
          WAIT,
        )
        .toBe("vaga/confirmado");
    } finally {
      await setAutomatic(true);
      await context.close();
    }
  }, 90_000);
});
