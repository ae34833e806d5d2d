import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Registration } from "../../src/shared/api-types";
import type { ActivityEntry } from "../../src/shared/activity";
import { DEADLINE_MESSAGES } from "../../src/shared/deadlines";
import type { EditionOpenItems } from "../../src/shared/editions";
import type { EventSettings, SettingsView } from "../../src/shared/event-settings";
import type { Accounts, PaidWithoutSeat } from "../../src/shared/finance-views";
import type { MyRegistration } from "../../src/shared/my-registration";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { type AdminSession, apiTest, person } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";
import { advanceClock, clockNow } from "../support/clock";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";
import { importOk, ofx, todayInFortaleza } from "../support/statements";
import { SET_PAYMENT_STATUS_SQL } from "../../src/server/payments/payment-actions";
import { FIRST_DEADLINES_KEY, giveFirstDeadlines } from "../../src/server/deadlines/first-deadlines";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function addBus(admin: AdminSession, nome: string, lugares: number) {
  const res = await admin.inject("POST", "/api/buses", { nome, lugares });
  expect(res.statusCode, res.body).toBe(201);
}

async function settings(admin: AdminSession, change: Partial<EventSettings>) {
  const view = (await admin.inject("GET", "/api/settings")).json() as SettingsView;
  const res = await admin.inject("PUT", "/api/settings", { ...view.values, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

const row = async (t: TestApp, id: string) =>
  (
    await t.db.query<{ situacao: string; status_pagamento: string; prazo: Date | null; ordem_espera: number | null }>(
      "SELECT situacao, status_pagamento, prazo_pagamento AS prazo, ordem_espera FROM registrations WHERE id = $1",
      [id],
    )
  )[0];

/** The day (AAAA-MM-DD) in the event's zone, `days` days after `at`. */
const localDay = (at: Date, days: number) =>
  new Date(at.getTime() + days * DAY).toLocaleDateString("en-CA", { timeZone: "America/Fortaleza" });

/** 23:59 of a day in the event's zone: where a deadline in days, or "Último dia para pagar", ends (decision 076). */
const endOfDay = (day: string) => new Date(`${day}T23:59:00-03:00`);

/**
 * The deadline of a seat with `days` days to pay, given between `since` and now by the deadlines' clock. Both ends,
 * so a seat given across midnight finds its day.
 */
const endsOfDay = async (t: TestApp, since: Date, days: number) => [
  endOfDay(localDay(since, days)),
  endOfDay(localDay(await clockNow(t.db), days)),
];

/** Hours from now to the registration's deadline, by the deadlines' clock. */
const hoursLeft = async (t: TestApp, id: string) => {
  const [r] = await t.db.query<{ h: number }>(
    "SELECT round(extract(epoch FROM prazo_pagamento - caravana_agora()) / 3600)::int AS h FROM registrations WHERE id = $1",
    [id],
  );
  return r.h;
};

const pay = (admin: AdminSession, id: string) =>
  admin.inject("PATCH", `/api/registrations/${id}`, { status_pagamento: "confirmado" });

describe.each(DB_KINDS)("payment deadlines on %s", (kind) => {
  const test = apiTest(kind);

  test("a seat that owes gets its deadline at sign-up; waiting, paid and exempt ones have none; later settings change later seats only", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 2);
    const seatedAt = await clockNow(t.db);
    const seated = await register({ nome_completo: "Ana Sentada" });
    const paid = await register({ nome_completo: "Bia Pagou" });
    const waiting = await register({ nome_completo: "Caio Esperando" });
    // Seven days on, to the end of that day in the event's zone.
    expect(await endsOfDay(t, seatedAt, 7)).toContainEqual((await row(t, seated.id)).prazo);
    expect((await pay(adminSession, paid.id)).statusCode).toBe(200);
    expect((await row(t, paid.id)).prazo).toBeNull();
    expect((await row(t, waiting.id)).prazo).toBeNull();
    // The family reads it on "Minha inscrição".
    const mine = await t.app.inject({
      url: `/api/minha-inscricao/${seated.id}`,
      headers: { authorization: `Bearer ${seated.upload_token}` },
    });
    expect((mine.json() as MyRegistration).prazo_pagamento).toEqual((await row(t, seated.id)).prazo?.toISOString());

    await settings(adminSession, { prazo_dias: 3 });
    await adminSession.inject("DELETE", "/api/buses/none");
    await addBus(adminSession, "Ônibus 2", 5);
    const laterAt = await clockNow(t.db);
    const later = await register({ nome_completo: "Davi Depois" });
    expect(await endsOfDay(t, laterAt, 3)).toContainEqual((await row(t, later.id)).prazo);
    expect(await endsOfDay(t, seatedAt, 7)).toContainEqual((await row(t, seated.id)).prazo);
    // Empty: no deadline for seats given afterwards.
    await settings(adminSession, { prazo_dias: null });
    const none = await register({ nome_completo: "Eva Sem Prazo" });
    expect((await row(t, none.id)).prazo).toBeNull();
    // "Último dia para pagar": no deadline after that day's end, in the event's zone.
    const tomorrow = localDay(new Date(), 1);
    await settings(adminSession, { prazo_dias: 7, prazo_ultimo_dia: tomorrow });
    const capped = await register({ nome_completo: "Fábio Último Dia" });
    expect((await row(t, capped.id)).prazo?.toISOString()).toBe(endOfDay(tomorrow).toISOString());
    await settings(adminSession, { prazo_ultimo_dia: "" });
  });

  test("past the deadline and the tolerance, the seat goes to the first person waiting, with her own deadline, logged by Sistema", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 1);
    const late = await register({ nome_completo: "Gil Atrasado" });
    const next = await register({ nome_completo: "Hana Próxima" });
    const deadline = (await row(t, late.id)).prazo as Date;
    // Past the deadline, within the statement's two days of tolerance: nothing yet.
    await advanceClock(t.db, deadline.getTime() + 2 * DAY - HOUR - (await clockNow(t.db)).getTime());
    expect(await t.app.deadlines.runOnce()).toBe(0);
    expect((await row(t, late.id)).situacao).toBe("vaga");
    await advanceClock(t.db, 2 * HOUR);
    expect(await t.app.deadlines.runOnce()).toBe(1);
    expect(await row(t, late.id)).toMatchObject({ situacao: "vencida", prazo: deadline });
    expect((await row(t, next.id)).situacao).toBe("vaga");
    expect(await hoursLeft(t, next.id)).toBe(48);
    // Again: nothing twice.
    expect(await t.app.deadlines.runOnce()).toBe(0);

    const log = (await adminSession.inject("GET", `/api/registrations/${late.id}/history`)).json() as ActivityEntry[];
    const entry = log.find((e) => e.tipo === "inscricao.vencida");
    const when = deadline.toLocaleString("pt-BR", {
      timeZone: "America/Fortaleza",
      day: "2-digit",
      month: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    expect(entry).toMatchObject({
      ator_nome: "Sistema",
      resumo: `Vaga liberada: o prazo de pagamento de Gil Atrasado venceu em ${when.replace(", ", " às ")}`,
    });
    const page = (
      await t.app.inject({
        url: `/api/minha-inscricao/${late.id}`,
        headers: { authorization: `Bearer ${late.upload_token}` },
      })
    ).json() as MyRegistration;
    expect(page).toMatchObject({ situacao: "vencida", prazo_pagamento: deadline.toISOString() });
  });

  test("a pass plans its triggers afresh in its first batch only, after the start's update of no row, and passes every seat on once", async ({
    t,
    adminSession,
  }) => {
    // Two batches on PGlite (150, then 100), one on PostgreSQL: more than 75 due in each.
    const due = 250;
    for (const [i, lugares] of [100, 100, 50].entries()) await addBus(adminSession, `Ônibus ${i + 1}`, lugares);
    await t.db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, preco_centavos, created_at)
       SELECT 'Pessoa Lote ' || g, 20, '989' || lpad(g::text, 8, '0'), 'PIX', 1500, now() + make_interval(secs => g)
       FROM generate_series(1, $1::int) g`,
      [2 * due],
    );
    // As the server's start does: it leaves the triggers planned for empty changes.
    await t.db.query("UPDATE registrations SET preco_centavos = caravana_price() WHERE preco_centavos IS NULL");
    await advanceClock(t.db, 10 * DAY);

    // Which batches planned afresh: each release's transaction, with what it ran through exec.
    const db = t.app.db;
    const transaction = db.transaction;
    const batches: { released: boolean; execs: string[] }[] = [];
    db.transaction = ((fn) =>
      transaction.call(db, (tx) => {
        const batch = { released: false, execs: [] as string[] };
        batches.push(batch);
        return fn({
          query: (sql, params) => {
            if (sql.includes("SET situacao = 'vencida'")) batch.released = true;
            return tx.query(sql, params);
          },
          exec: (sql) => {
            batch.execs.push(sql);
            return tx.exec(sql);
          },
        });
      })) as typeof transaction;
    try {
      expect(await t.app.deadlines.runOnce()).toBe(due);
    } finally {
      db.transaction = transaction;
    }
    const releases = batches.filter((b) => b.released);
    const replanned = releases.map((b) => b.execs.includes("DISCARD PLANS"));
    expect(replanned).toEqual(kind === "pglite" ? [true, false] : [true]);

    const [after] = await t.db.query<{ vencidas: number; sentados: number; com_prazo: number; esperando: number }>(
      `SELECT count(*) FILTER (WHERE situacao = 'vencida')::int AS vencidas,
              count(*) FILTER (WHERE situacao = 'vaga' AND promovido_em IS NOT NULL)::int AS sentados,
              count(*) FILTER (WHERE situacao = 'vaga' AND prazo_pagamento > caravana_agora())::int AS com_prazo,
              count(*) FILTER (WHERE situacao = 'espera')::int AS esperando
       FROM registrations`,
    );
    expect(after).toEqual({ vencidas: due, sentados: due, com_prazo: due, esperando: 0 });
    const [log] = await t.db.query<{ vencidas: number; movidas: number }>(
      `SELECT count(*) FILTER (WHERE tipo = 'inscricao.vencida')::int AS vencidas,
              count(*) FILTER (WHERE tipo = 'inscricao.movida')::int AS movidas
       FROM activity_log l JOIN registrations r ON r.id = l.inscricao_id
       WHERE r.nome_completo LIKE 'Pessoa Lote %'`,
    );
    expect(log).toEqual({ vencidas: due, movidas: due });
    expect(await t.app.deadlines.runOnce()).toBe(0);
  });

  test("'Prorrogar prazo' gives a new date with a reason, for one or a selection; refused for the past and for who does not owe", async ({
    t,
    register,
    adminSession,
    equipeSession,
  }) => {
    const a = await register({ nome_completo: "Ivo Prorrogado" });
    const b = await register({ nome_completo: "Júlia Prorrogada" });
    const paid = await register({ nome_completo: "Kátia Paga" });
    await pay(adminSession, paid.id);
    const until = new Date((await clockNow(t.db)).getTime() + 12 * DAY).toISOString();
    const one = await adminSession.inject("PUT", `/api/registrations/${a.id}/prazo`, {
      ate: until,
      motivo: "Recebe dia 20",
    });
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as Registration).prazo_pagamento).toBe(until);
    const many = await adminSession.inject("POST", "/api/registrations/prazo", {
      ids: [a.id, b.id],
      ate: new Date((await clockNow(t.db)).getTime() + 14 * DAY).toISOString(),
      motivo: "Retiro",
    });
    expect(many.json()).toEqual({ prorrogadas: 2 });
    const past = await adminSession.inject("PUT", `/api/registrations/${a.id}/prazo`, {
      ate: new Date((await clockNow(t.db)).getTime() - HOUR).toISOString(),
      motivo: "Erro",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: DEADLINE_MESSAGES.inThePast });
    const notOwing = await adminSession.inject("POST", "/api/registrations/prazo", {
      ids: [b.id, paid.id],
      ate: until,
      motivo: "Teste",
    });
    expect(notOwing.statusCode).toBe(409);
    expect(notOwing.json()).toEqual({ error: DEADLINE_MESSAGES.notOwingSeat("Kátia Paga") });
    expect(
      (await equipeSession.inject("PUT", `/api/registrations/${a.id}/prazo`, { ate: until, motivo: "x" })).statusCode,
    ).toBe(403);
    const log = (await adminSession.inject("GET", `/api/registrations/${a.id}/history`)).json() as ActivityEntry[];
    expect(log.filter((e) => e.tipo === "prazo.prorrogado").map((e) => e.resumo.split(": ").pop())).toEqual([
      "Retiro",
      "Recebe dia 20",
    ]);

    // The log says the new deadline in the event's zone, as set when it is written.
    await settings(adminSession, { fuso_horario: "America/Manaus" });
    const later = new Date((await clockNow(t.db)).getTime() + 20 * DAY);
    expect(
      (await adminSession.inject("PUT", `/api/registrations/${a.id}/prazo`, { ate: later, motivo: "Fuso" })).statusCode,
    ).toBe(200);
    await settings(adminSession, { fuso_horario: "America/Fortaleza" });
    const inManaus = later
      .toLocaleString("pt-BR", {
        timeZone: "America/Manaus",
        day: "2-digit",
        month: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      })
      .replace(", ", " às ");
    const [last] = (
      (await adminSession.inject("GET", `/api/registrations/${a.id}/history`)).json() as ActivityEntry[]
    ).filter((e) => e.tipo === "prazo.prorrogado");
    expect(last.resumo).toBe(`Prazo de pagamento de Ivo Prorrogado prorrogado até ${inManaus}: Fuso`);
  });

  test("'Devolver vaga' seats a Vencida with a new deadline when a seat is free, or puts her first in line", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 1);
    const gone = await register({ nome_completo: "Léo Vencido" });
    const seatTaker = await register({ nome_completo: "Mia Com Vaga" });
    const behind = await register({ nome_completo: "Nina Atrás" });
    await advanceClock(t.db, 10 * DAY);
    await t.app.deadlines.runOnce();
    expect((await row(t, gone.id)).situacao).toBe("vencida");
    expect((await row(t, seatTaker.id)).situacao).toBe("vaga");
    // No seat free: first in line, ahead of Nina.
    const back = await adminSession.inject("POST", `/api/registrations/${gone.id}/devolver-vaga`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ situacao: "espera", posicao_espera: 1 });
    expect((await adminSession.inject("POST", `/api/registrations/${behind.id}/devolver-vaga`)).statusCode).toBe(409);
    // A seat frees: Léo takes it, with a deadline of someone leaving the waiting list.
    await t.app.inject({
      method: "POST",
      url: `/api/minha-inscricao/${seatTaker.id}/desistir`,
      headers: { authorization: `Bearer ${seatTaker.upload_token}` },
    });
    expect((await row(t, gone.id)).situacao).toBe("vaga");
    expect(await hoursLeft(t, gone.id)).toBe(48);
    expect((await row(t, behind.id)).situacao).toBe("espera");
  });

  test("'Devolver vaga' with a seat free seats her at once, with a deadline of days from now, logged", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 2);
    const gone = await register({ nome_completo: "Vera Devolvida" });
    await advanceClock(t.db, 10 * DAY);
    expect(await t.app.deadlines.runOnce()).toBe(1);
    const since = await clockNow(t.db);
    const back = await adminSession.inject("POST", `/api/registrations/${gone.id}/devolver-vaga`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ situacao: "vaga" });
    expect(await endsOfDay(t, since, 7)).toContainEqual((await row(t, gone.id)).prazo);
    const log = (await adminSession.inject("GET", `/api/registrations/${gone.id}/history`)).json() as ActivityEntry[];
    expect(log[0]).toMatchObject({ resumo: "Vaga devolvida a Vera Devolvida, em Ônibus 1" });
  });

  test("seats that owed before deadlines shipped get one counted from the first start after, once, never in the past", async ({
    t,
    register,
    adminSession,
  }) => {
    const old = await register({ nome_completo: "Wal Antiga" });
    const paid = await register({ nome_completo: "Xica Paga" });
    expect((await pay(adminSession, paid.id)).statusCode).toBe(200);
    // As migration 040 found them: seated, owing, no deadline; its marker asks the next start to give them one.
    await t.db.exec(`UPDATE registrations SET prazo_pagamento = NULL;
      INSERT INTO app_settings (key, value) VALUES ('${FIRST_DEADLINES_KEY}', 'sim')`);
    await advanceClock(t.db, 30 * DAY);
    const shipped = await clockNow(t.db);
    expect(await giveFirstDeadlines(t.db)).toBe(1);
    expect(await endsOfDay(t, shipped, 7)).toContainEqual((await row(t, old.id)).prazo);
    expect((await row(t, paid.id)).prazo).toBeNull();
    // Counted from the start, not from the sign-up 30 days ago: nothing to release.
    expect(await t.app.deadlines.runOnce()).toBe(0);
    await t.db.query("UPDATE registrations SET prazo_pagamento = NULL WHERE id = $1", [old.id]);
    expect(await giveFirstDeadlines(t.db)).toBe(0);
    expect((await row(t, old.id)).prazo).toBeNull();
  });

  test("by the bank statement too: a code of someone waiting or Vencida is only suggested, with her place, and once confirmed is kept, paid and ahead in line", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 1);
    const gone = await register({ nome_completo: "Gina Vencida" });
    const seated = await register({ nome_completo: "Hugo Sobe" });
    const unpaid = await register({ nome_completo: "Jó Sem Pagar" });
    const payer = await register({ nome_completo: "Iris Paga" });
    await advanceClock(t.db, 10 * DAY);
    expect(await t.app.deadlines.runOnce()).toBe(1);
    expect((await row(t, seated.id)).situacao).toBe("vaga");
    // The import judges a date in the future by the real day, not the deadlines' clock.
    const day = todayInFortaleza();
    const result = await importOk(
      adminSession,
      ofx([
        { data: day, valor: "15.00", memo: `Pix recebido - IRIS PAGA - ${payer.referencia}` },
        { data: day, valor: "15.00", memo: `Pix recebido - GINA VENCIDA - ${gone.referencia}` },
      ]),
    );
    // Nothing paid by itself: each is a suggestion whose person has no seat, as the line's warning says.
    expect(result.pagas).toBe(0);
    const suggested = result.grupos.sugeridas.map((l) => [l.candidatos[0].nome_completo, l.candidatos[0].situacao]);
    expect(suggested.toSorted()).toEqual([
      ["Gina Vencida", "vencida"],
      ["Iris Paga", "espera"],
    ]);
    expect((await row(t, payer.id)).status_pagamento).toBe("pendente");
    for (const who of [payer, gone]) {
      const line = result.grupos.sugeridas.find((l) => l.candidatos[0].id === who.id);
      const confirmed = await adminSession.inject("POST", `/api/finance/lines/${line?.id}/confirm`, {
        inscricao_id: who.id,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    // Iris paid first, then Gina: both ahead of Jó, who has not paid; the seat stays Hugo's.
    const place = async (id: string) =>
      (await adminSession.inject("GET", `/api/registrations/${id}`)).json() as Registration;
    expect(await place(payer.id)).toMatchObject({
      situacao: "espera",
      status_pagamento: "confirmado",
      posicao_espera: 1,
    });
    expect(await place(gone.id)).toMatchObject({
      situacao: "espera",
      status_pagamento: "confirmado",
      posicao_espera: 2,
    });
    expect((await place(unpaid.id)).posicao_espera).toBe(3);
    expect((await place(seated.id)).situacao).toBe("vaga");
    const accounts = (await adminSession.inject("GET", "/api/finance/accounts")).json() as Accounts;
    expect(accounts.sem_vaga).toMatchObject({ total: 3000 });
  });

  test("money from a Vencida or from someone waiting is kept: seated and paid when a seat is free, otherwise paid and ahead in line", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 1);
    const gone = await register({ nome_completo: "Otto Vencido" });
    const first = await register({ nome_completo: "Paula Primeira" });
    const second = await register({ nome_completo: "Quim Segundo" });
    const third = await register({ nome_completo: "Rita Terceira" });
    await advanceClock(t.db, 10 * DAY);
    await t.app.deadlines.runOnce();
    expect((await row(t, first.id)).situacao).toBe("vaga");
    // Rita, third in line, pays: ahead of Quim. Otto pays after his seat went: in line, paid, behind Rita.
    expect((await pay(adminSession, third.id)).statusCode).toBe(200);
    const late = await pay(adminSession, gone.id);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ situacao: "espera", status_pagamento: "confirmado", posicao_espera: 2 });
    // Their money is kept apart: to be returned unless a seat comes.
    const accounts = (await adminSession.inject("GET", "/api/finance/accounts")).json() as Accounts;
    expect(accounts.sem_vaga).toMatchObject({
      total: 3000,
      linhas: [{ nome: "Rita Terceira" }, { nome: "Otto Vencido" }],
    });
    expect(accounts.inscricoes).toMatchObject({ espera: 3, vencida: 0 });
    const open = (await adminSession.inject("GET", "/api/editions/open-items")).json() as EditionOpenItems;
    expect(open).toMatchObject({ pagos_sem_vaga: 2, pagos_sem_vaga_centavos: 3000 });
    const list = (await adminSession.inject("GET", "/api/finance/paid-without-seat")).json() as PaidWithoutSeat[];
    expect(list.map((p) => [p.nome_completo, p.posicao_espera, p.pago_centavos])).toEqual([
      ["Rita Terceira", 1, 1500],
      ["Otto Vencido", 2, 1500],
    ]);
    const place = async (id: string) =>
      (await adminSession.inject("GET", `/api/registrations/${id}`)).json() as Registration;
    expect((await place(third.id)).posicao_espera).toBe(1);
    expect((await place(second.id)).posicao_espera).toBe(3);
    // Paula gives up: the seat goes to Rita, paid, with no deadline.
    await t.app.inject({
      method: "POST",
      url: `/api/minha-inscricao/${first.id}/desistir`,
      headers: { authorization: `Bearer ${first.upload_token}` },
    });
    expect(await row(t, third.id)).toMatchObject({ situacao: "vaga", status_pagamento: "confirmado", prazo: null });
    // Never paid and "Vencida" at once, even by psql: a paid seat sent to "vencida" waits in line, paid.
    await t.db.query("UPDATE registrations SET situacao = 'vencida' WHERE id = $1", [third.id]);
    expect(await row(t, third.id)).toMatchObject({ situacao: "espera", status_pagamento: "confirmado" });
  });

  test("a Vencida paid by psql, with no seat named, takes the free seat; each bus counts only its own rows", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 1);
    await addBus(adminSession, "Ônibus 2", 1);
    const late = await register({ nome_completo: "Sara Vencida" });
    const other = await register({ nome_completo: "Téo Pagou" });
    expect((await pay(adminSession, other.id)).statusCode).toBe(200);
    await advanceClock(t.db, 10 * DAY);
    expect(await t.app.deadlines.runOnce()).toBe(1);
    expect((await row(t, late.id)).situacao).toBe("vencida");
    // Her seat is free and nobody waits. The payment set by hand in psql names no seat column: the database
    // still puts her back in line and seats her at once.
    await t.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [late.id]);
    expect(await row(t, late.id)).toMatchObject({ situacao: "vaga", status_pagamento: "confirmado", prazo: null });
    const buses = await t.db.query<{ nome: string; ocupados: number; linhas: number }>(
      `SELECT nome, ocupados, (SELECT count(*)::int FROM registrations r WHERE r.onibus_id = o.id) AS linhas
       FROM onibus o ORDER BY ordem`,
    );
    expect(buses).toEqual([
      { nome: "Ônibus 1", ocupados: 1, linhas: 1 },
      { nome: "Ônibus 2", ocupados: 1, linhas: 1 },
    ]);
  });

  // Which commits first is the engine's choice here; the PostgreSQL test below holds a payment open to make it so.
  test("a payment racing the release: never both, every payment kept, each release logged once", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 20);
    const people = [];
    for (let i = 0; i < 10; i++) people.push(await register({ nome_completo: `Corrida Prazo ${i}` }));
    await advanceClock(t.db, 10 * DAY);
    const [released, ...payments] = await Promise.all([
      t.app.deadlines.runOnce(),
      ...people.map((p) => pay(adminSession, p.id)),
    ]);
    for (const [i, p] of people.entries()) {
      expect(payments[i].statusCode).toBe(200);
      // Paid first: seated and paid. Released first: the payment puts her back, into one of the free seats.
      expect(await row(t, p.id)).toMatchObject({ situacao: "vaga", status_pagamento: "confirmado", prazo: null });
    }
    const [{ n }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity_log WHERE tipo = 'inscricao.vencida' AND inscricao_id = ANY($1::uuid[])",
      [people.map((p) => p.id)],
    );
    expect(n).toBe(released);
  });

  test("with automatic release off, nothing frees itself and 'Liberar vaga' does it by hand, once the deadline passed", async ({
    t,
    register,
    adminSession,
  }) => {
    await settings(adminSession, { prazo_liberar_automaticamente: false });
    const due = await register({ nome_completo: "Saulo Manual" });
    const early = await adminSession.inject("POST", `/api/registrations/${due.id}/liberar-vaga`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: DEADLINE_MESSAGES.notDue("Saulo Manual") });
    await advanceClock(t.db, 10 * DAY);
    expect(await t.app.deadlines.runOnce()).toBe(0);
    const list = await adminSession.inject("GET", "/api/registrations?status=vencidas");
    expect(list.json().items.map((r: Registration) => r.id)).toEqual([due.id]);
    const released = await adminSession.inject("POST", `/api/registrations/${due.id}/liberar-vaga`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ situacao: "vencida" });
    const log = (await adminSession.inject("GET", `/api/registrations/${due.id}/history`)).json() as ActivityEntry[];
    expect(log[0]).toMatchObject({ tipo: "inscricao.vencida", ator_nome: adminSession.member.nome });
    await settings(adminSession, { prazo_liberar_automaticamente: true });
  });
});

describe("two instances on one PostgreSQL release at the same moment", () => {
  let a: TestApp;
  let b: TestApp;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv("postgres");
    cleanup = fresh.cleanup;
    const env = { ...fresh.env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    a = await startAdminTestApp("postgres", { env });
    b = await startAdminTestApp("postgres", { env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cleanup?.();
  });

  it("each deadline once, each seat passed once, one log entry each", { timeout: 60_000 }, async () => {
    const cookie = await adminCookie(a.app);
    await a.app.inject({
      method: "POST",
      url: "/api/buses",
      headers: { cookie },
      payload: { nome: "Ônibus 1", lugares: 30 },
    });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await a.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: person({ nome_completo: `Dupla Instância ${i}` }),
      });
      ids.push(res.json().id);
    }
    await advanceClock(a.db, 10 * DAY);
    const [x, y] = await Promise.all([a.app.deadlines.runOnce(), b.app.deadlines.runOnce()]);
    const rows = await a.db.query<{ situacao: string; n: number }>(
      "SELECT situacao, count(*)::int AS n FROM registrations GROUP BY 1 ORDER BY 1",
    );
    // 30 released, and the 10 waiting took 10 of the 30 seats, each with a fresh deadline.
    expect(x + y).toBe(30);
    expect(rows).toEqual([
      { situacao: "vaga", n: 10 },
      { situacao: "vencida", n: 30 },
    ]);
    const [{ n }] = await a.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM activity_log WHERE tipo = 'inscricao.vencida'",
    );
    expect(n).toBe(30);
    const [bus] = await a.db.query<{ ocupados: number }>("SELECT ocupados FROM onibus");
    expect(bus.ocupados).toBe(10);
  });

  it("a payment that commits while the release waits for it wins: seated and paid, no release logged", async () => {
    // The test before left its seats and deadlines behind.
    await a.db.exec("DELETE FROM registrations; DELETE FROM onibus");
    const cookie = await adminCookie(a.app);
    await a.app.inject({
      method: "POST",
      url: "/api/buses",
      headers: { cookie },
      payload: { nome: "Ônibus 2", lugares: 2 },
    });
    const [payer, owing, waiting] = await Promise.all(
      ["Paga Na Hora", "Deve Ainda", "Espera Vaga"].map(async (nome_completo) => {
        const res = await a.app.inject({
          method: "POST",
          url: "/api/registrations",
          payload: person({ nome_completo }),
        });
        return res.json().id as string;
      }),
    ).then(async (ids) => {
      // In the order they were made: the first two seated, the third waiting.
      const rows = await a.db.query<{ id: string }>(
        "SELECT id FROM registrations WHERE id = ANY($1::uuid[]) ORDER BY created_at, id",
        [ids],
      );
      return rows.map((r) => r.id);
    });
    await advanceClock(a.db, 10 * DAY);
    let release!: Promise<number>;
    // "Marcar Pago" on instance b, its transaction held open until the release on instance a waits on it.
    await b.db.transaction(async (tx) => {
      await tx.query(SET_PAYMENT_STATUS_SQL, [payer, "confirmado"]);
      release = a.app.deadlines.runOnce();
      for (let i = 0; ; i++) {
        const [{ n }] = await a.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        if (n > 0) break;
        expect(i, "the release never waited for the payment").toBeLessThan(500);
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    expect(await release).toBe(1);
    expect(await row(a, payer)).toMatchObject({ situacao: "vaga", status_pagamento: "confirmado", prazo: null });
    expect((await row(a, owing)).situacao).toBe("vencida");
    expect((await row(a, waiting)).situacao).toBe("vaga");
    const released = await a.db.query<{ inscricao_id: string }>(
      "SELECT inscricao_id FROM activity_log WHERE tipo = 'inscricao.vencida' AND inscricao_id = ANY($1::uuid[])",
      [[payer, owing, waiting]],
    );
    expect(released).toEqual([{ inscricao_id: owing }]);
  });
});

describe.each(DB_KINDS)("a restart after a deadline passed while the server was down, on %s", (kind) => {
  it("releases it in the pass the start makes", { timeout: 60_000 }, async () => {
    const fresh = await freshDatabaseEnv(kind);
    const env = { ...fresh.env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    try {
      const before = await startAdminTestApp(kind, { env });
      const res = await before.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: person({ nome_completo: "Tito Parado" }),
      });
      const id = res.json().id as string;
      await advanceClock(before.db, 10 * DAY);
      await before.close();
      const later = await startAdminTestApp(kind, { env });
      try {
        expect(await later.app.deadlines.firstPass).toBe(1);
        expect((await row(later, id)).situacao).toBe("vencida");
      } finally {
        await later.close();
      }
    } finally {
      await fresh.cleanup();
    }
  });
});
