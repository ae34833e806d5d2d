import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RELEASE_EVERY_MS } from "../../src/server/plugins/deadlines";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { person } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";
import { advanceClock } from "../support/clock";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";
import { SET_PAYMENT_STATUS_SQL } from "../../src/server/payments/payment-actions";
import { DAY, row } from "../support/deadline-fixtures";

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
    // One after the other: made at once, the seats go in the order the inserts take the bus's lock, which on
    // PostgreSQL need not be the order of their creation times.
    const ids: string[] = [];
    for (const nome_completo of ["Paga Na Hora", "Deve Ainda", "Espera Vaga"]) {
      const res = await a.app.inject({ method: "POST", url: "/api/registrations", payload: person({ nome_completo }) });
      ids.push(res.json().id as string);
    }
    const [payer, owing, waiting] = ids;
    expect(await Promise.all(ids.map(async (id) => (await row(a, id)).situacao))).toEqual(["vaga", "vaga", "espera"]);
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

describe("a running server's own passes", () => {
  it("releases a deadline that passes while it runs, on its timer, with nobody asking", {
    timeout: 60_000,
  }, async () => {
    const fresh = await freshDatabaseEnv("pglite");
    // Only the intervals are the test's to move: the database, the requests and their timeouts run as they are.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const t = await startAdminTestApp("pglite", { env: { ...fresh.env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
      try {
        expect(await t.app.deadlines.firstPass).toBe(0);
        const res = await t.app.inject({
          method: "POST",
          url: "/api/registrations",
          payload: person({ nome_completo: "Uli Relógio" }),
        });
        const id = res.json().id as string;
        await advanceClock(t.db, 10 * DAY);
        expect((await row(t, id)).situacao).toBe("vaga");
        vi.advanceTimersByTime(RELEASE_EVERY_MS);
        await expect.poll(async () => (await row(t, id)).situacao, { timeout: 10_000 }).toBe("vencida");
      } finally {
        await t.close();
      }
    } finally {
      vi.useRealTimers();
      await fresh.cleanup();
    }
  });
});
