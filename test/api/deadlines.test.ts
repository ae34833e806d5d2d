import { describe, expect } from "vitest";
import type { Registration } from "../../src/shared/api-types";
import type { ActivityEntry } from "../../src/shared/activity";
import { DEADLINE_MESSAGES } from "../../src/shared/deadlines";
import type { MyRegistration } from "../../src/shared/my-registration";
import { apiTest } from "../support/api-fixtures";
import { advanceClock, clockNow } from "../support/clock";
import { DB_KINDS } from "../support/test-database";
import { FIRST_DEADLINES_KEY, giveFirstDeadlines } from "../../src/server/deadlines/first-deadlines";
import {
  addBus,
  DAY,
  endOfDay,
  endsOfDay,
  HOUR,
  hoursLeft,
  localDay,
  pay,
  row,
  settings,
} from "../support/deadline-fixtures";

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
    // Exempt ("Isentar"): nothing owed, so no deadline either.
    const exempt = await register({ nome_completo: "Gil Isento" });
    expect((await row(t, exempt.id)).prazo).not.toBeNull();
    const adjusted = await adminSession.inject("POST", `/api/registrations/${exempt.id}/adjust`, {
      valor_centavos: 0,
      motivo: "Bolsa da paróquia",
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect((await row(t, exempt.id)).prazo).toBeNull();
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
    // Why, and who: the coordinator who extended it, for one and for the selection alike.
    const extended = log.filter((e) => e.tipo === "prazo.prorrogado");
    expect(extended.map((e) => [e.resumo.split(": ").pop(), e.ator_nome])).toEqual([
      ["Retiro", adminSession.member.nome],
      ["Recebe dia 20", adminSession.member.nome],
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
