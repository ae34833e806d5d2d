import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LoginThrottle, THROTTLE } from "../../src/server/auth/login-throttle";
import type { Database } from "../../src/server/db/database";
import { pruneLimits, takeRateLimitToken } from "../../src/server/limits/limits-repository";
import { startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { backdateLoginAttempts } from "../support/clock";
import { startTestApp, type TestApp } from "../support/test-app";
import { DB_KINDS, freshDatabaseEnv, useFreshDatabase } from "../support/test-database";

const VALID = { nome_completo: "Ana Souza", idade: 20, numero_responsavel: "(98) 99999-1234", metodo_pagamento: "PIX" };

describe.each(DB_KINDS)("limits kept in the database on %s", (kind) => {
  let db: Database;
  useFreshDatabase(kind, (d) => {
    db = d;
  });
  beforeEach(async () => {
    await db.exec("DELETE FROM login_attempts; DELETE FROM rate_limit_buckets");
  });

  // Time passes for the stored rows: they are moved into the past, on the database's own clock.
  const advance = async (ms: number) => {
    await backdateLoginAttempts(db, ms);
    await db.query(
      `UPDATE rate_limit_buckets SET updated_at = updated_at - make_interval(secs => $1 / 1000.0),
         expires_at = expires_at - make_interval(secs => $1 / 1000.0)`,
      [ms],
    );
  };

  it("answers five failures at once, then makes each next attempt wait longer, never locking for good", async () => {
    const th = new LoginThrottle(db);
    for (let i = 0; i < 5; i++) expect(await th.begin("1.1.1.1")).toEqual({ allowed: true });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      expect(await th.begin("1.1.1.1")).toEqual({ allowed: true });
      const refused = await th.begin("1.1.1.1");
      if (refused.allowed) throw new Error("a parallel guess got through");
      waits.push(refused.retryAfterMs);
      await advance(refused.retryAfterMs);
    }
    const expected = [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000];
    // The database's clock moved on by a few milliseconds between the two calls.
    for (const [i, w] of waits.entries()) {
      expect(w).toBeLessThanOrEqual(expected[i]);
      expect(w).toBeGreaterThan(expected[i] - 500);
    }
  });

  it("keeps clients apart and forgets one that succeeds", async () => {
    const th = new LoginThrottle(db);
    for (let i = 0; i < 7; i++) await th.begin("a");
    expect(await th.begin("b")).toEqual({ allowed: true });
    expect((await th.begin("a")).allowed).toBe(false);
    await th.succeed("a");
    expect(await th.begin("a")).toEqual({ allowed: true });
  });

  it("forgets failures older than the 15-minute window, and prunes them", async () => {
    const th = new LoginThrottle(db);
    for (let i = 0; i < 6; i++) await th.begin("a");
    await advance(THROTTLE.windowMs);
    for (let i = 0; i < 5; i++) expect(await th.begin("a")).toEqual({ allowed: true });
    await advance(THROTTLE.windowMs + 1000);
    await pruneLimits(db, THROTTLE.windowMs);
    expect(await db.query("SELECT 1 FROM login_attempts")).toHaveLength(0);
  });

  it("spends a global budget: a guess spread over many addresses does not get an answer each time", async () => {
    const th = new LoginThrottle(db);
    let answered = 0;
    // 150 addresses, 4 guesses each, within a minute.
    for (let round = 0; round < 4; round++) {
      for (let a = 0; a < 150; a++) if ((await th.begin(`10.0.${a}.1`)).allowed) answered++;
      await advance(10_000);
    }
    expect(answered).toBeLessThan(600);
    expect(answered).toBeLessThanOrEqual(150 + THROTTLE.globalBudget);
    // Someone who has not failed is still heard at once.
    expect(await th.begin("192.0.2.77")).toEqual({ allowed: true });
    // A minute later the budget is back.
    await advance(THROTTLE.globalWindowMs);
    expect(await th.begin("10.0.3.1")).toEqual({ allowed: true });
  });

  it("takes tokens from a bucket per scope and client, refilled evenly over the window, and prunes full ones", async () => {
    const take = (client: string, scope = "inscricoes") =>
      takeRateLimitToken(db, { scope, client, limit: 30, windowMs: 60_000 });
    const started = Date.now();
    for (let i = 0; i < 30; i++) expect(await take("ip")).toBe(0);
    const wait = await take("ip");
    // One token every 2 s, refilling evenly from the first take: less the time the 31 takes took (on a loaded
    // machine, more than 100 ms).
    expect(wait).toBeGreaterThanOrEqual(2000 - (Date.now() - started));
    expect(wait).toBeLessThanOrEqual(2000);
    expect(wait).toBeGreaterThan(1000);
    expect(await take("other")).toBe(0);
    expect(await take("ip", "comprovantes")).toBe(0);
    await advance(2000);
    expect(await take("ip")).toBe(0);
    expect(await take("ip")).toBeGreaterThan(0);
    await advance(60_000);
    for (let i = 0; i < 30; i++) expect(await take("ip")).toBe(0);
    expect(await take("ip")).toBeGreaterThan(0);
    // Full again after a window: nothing left to keep.
    await advance(60_000);
    await pruneLimits(db, THROTTLE.windowMs);
    expect(await db.query("SELECT 1 FROM rate_limit_buckets")).toHaveLength(0);
  });
});

describe("two instances on one PostgreSQL give one allowance", () => {
  let a: TestApp;
  let b: TestApp;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv("postgres");
    cleanup = fresh.cleanup;
    const env = { ...fresh.env, REGISTRATION_RATE_LIMIT: "4", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    a = await startAdminTestApp("postgres", { env });
    b = await startTestApp("postgres", { env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cleanup?.();
  });

  it("counts registrations from one client on both instances together", async () => {
    const send = (t: TestApp, i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/registrations",
        remoteAddress: "198.51.100.4",
        payload: { ...VALID, nome_completo: `Pessoa ${"ABCDEF"[i]}` },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(i % 2 === 0 ? a : b, i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it("counts login failures from one client on both instances together", async () => {
    const login = (t: TestApp, password: string) =>
      t.app.inject({ method: "POST", url: "/api/session", payload: { password }, remoteAddress: "198.51.100.9" });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(i % 2 === 0 ? a : b, `errada-${i}`)).statusCode);
    // Five answered at once, the sixth heard, then a wait, whichever instance is asked.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });
});
