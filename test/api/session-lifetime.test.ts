import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { SESSIONS_STAMP_KEY } from "../../src/server/auth/admin-password";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { openStream } from "../support/sse";
import { startTestApp, type TestApp } from "../support/test-app";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";

const OLD = "senha-antiga-da-caravana";
const NEW = "senha-nova-da-caravana-2";

async function login(app: FastifyInstance, password: string): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { password },
    remoteAddress: "10.3.3.3",
  });
  expect(res.statusCode, res.body).toBe(200);
  return `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
}

const authenticated = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ url: "/api/session", headers: { cookie } })).json().authenticated as boolean;

describe.each(DB_KINDS)("how long an admin session lives, on %s", (kind) => {
  it("survives a restart with the same password, and ends when the server starts with another", async () => {
    const db = await freshDatabaseEnv(kind);
    try {
      const first = await startTestApp(kind, { env: { ...db.env, ADMIN_PASSWORD: OLD } });
      const cookie = await login(first.app, OLD);
      await first.close();

      const same = await startTestApp(kind, { env: { ...db.env, ADMIN_PASSWORD: OLD } });
      expect(await authenticated(same.app, cookie)).toBe(true);
      await same.close();

      const changed = await startTestApp(kind, { env: { ...db.env, ADMIN_PASSWORD: NEW } });
      try {
        expect(await authenticated(changed.app, cookie)).toBe(false);
        const [{ n }] = await changed.db.query<{ n: number }>("SELECT count(*)::int AS n FROM admin_sessions");
        expect(n).toBe(0);
        expect(await authenticated(changed.app, await login(changed.app, NEW))).toBe(true);
      } finally {
        await changed.close();
      }
    } finally {
      await db.cleanup();
    }
  });

  it("hashes the password again at the next start when PASSWORD_HASH_COST changes, and the same password still logs in", async () => {
    const db = await freshDatabaseEnv(kind);
    const stamp = async (t: TestApp) =>
      (await t.db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [SESSIONS_STAMP_KEY]))[0]
        ?.value;
    try {
      // The tests' servers hash at 2^10 (test-app.ts).
      const first = await startTestApp(kind, { env: { ...db.env, ADMIN_PASSWORD: OLD } });
      await login(first.app, OLD);
      expect(await stamp(first)).toMatch(/^scrypt\$1024\$8\$1\$/);
      await first.close();

      const raised = await startTestApp(kind, { env: { ...db.env, ADMIN_PASSWORD: OLD, PASSWORD_HASH_COST: "11" } });
      try {
        expect(await stamp(raised)).toMatch(/^scrypt\$2048\$8\$1\$/);
        expect(await authenticated(raised.app, await login(raised.app, OLD))).toBe(true);
      } finally {
        await raised.close();
      }
    } finally {
      await db.cleanup();
    }
  });

  it("ends 24 h after the login however often it is used, and ends its open stream at logout within a second", async () => {
    const t = await startTestApp(kind, { env: { ADMIN_PASSWORD: OLD }, listen: true });
    try {
      const cookie = await login(t.app, OLD);
      const hash = (await t.db.query<{ token_hash: string }>("SELECT token_hash FROM admin_sessions"))[0].token_hash;
      // Used a minute ago, 23 h 59 min after its login: a renewal may not carry it past the 24 h.
      await t.db.query(
        `UPDATE admin_sessions SET created_at = now() - interval '23 hours 59 minutes',
                                   expires_at = now() + interval '1 minute' WHERE token_hash = $1`,
        [hash],
      );
      expect(await authenticated(t.app, cookie)).toBe(true);
      const [{ left }] = await t.db.query<{ left: number }>(
        "SELECT extract(epoch FROM expires_at - now())::float8 AS left FROM admin_sessions WHERE token_hash = $1",
        [hash],
      );
      expect(left).toBeLessThanOrEqual(61);
      await t.db.query(
        `UPDATE admin_sessions SET created_at = now() - interval '24 hours 1 minute',
                                   expires_at = now() + interval '11 hours' WHERE token_hash = $1`,
        [hash],
      );
      expect(await authenticated(t.app, cookie)).toBe(false);

      // Logout: the stream that was open with this session ends at once.
      const fresh = await login(t.app, OLD);
      const stream = await openStream(`${t.baseUrl}/api/events`, fresh);
      await stream.until((events) => events.some((e) => e.event === "form-status"));
      const started = Date.now();
      const out = await t.app.inject({ method: "DELETE", url: "/api/session", headers: { cookie: fresh } });
      expect(out.statusCode).toBe(204);
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(1000);
      await stream.close();
    } finally {
      await t.close();
    }
  });
});
