import { describe, expect } from "vitest";
import type { Registration } from "../../src/shared/api-types";
import type { EditionOpenItems } from "../../src/shared/editions";
import type { Accounts, PaidWithoutSeat } from "../../src/shared/finance-views";
import { apiTest } from "../support/api-fixtures";
import { advanceClock } from "../support/clock";
import { DB_KINDS } from "../support/test-database";
import { importOk, ofx, todayInFortaleza } from "../support/statements";
import { addBus, DAY, pay, row } from "../support/deadline-fixtures";

describe.each(DB_KINDS)("money around payment deadlines on %s", (kind) => {
  const test = apiTest(kind);

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
});
