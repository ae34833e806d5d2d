import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { backdateLoginAttempts } from "../support/clock";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);
const WRONG = { error: "Senha incorreta. Tente novamente." };
const EXPIRED = { error: "Sessão expirada ou inválida. Entre novamente." };

describe.each(DB_KINDS)("admin session on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy, so a test can ask for HTTPS with X-Forwarded-Proto.
    t = await startAdminTestApp(kind, { env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (password: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/session", payload: { password }, remoteAddress: ip, headers });
  const sessionState = (cookie?: string) => t.app.inject({ url: "/api/session", headers: cookie ? { cookie } : {} });
  const sessionRows = async (cookie: string) =>
    t.db.query<{ expires_at: Date; created_at: Date }>(
      "SELECT created_at, expires_at FROM admin_sessions WHERE token_hash = $1",
      [sha256(tokenOf(cookie))],
    );

  it("says not authenticated, in development mode, without a cookie", async () => {
    const res = await sessionState();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, devMode: true, user: null });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a wrong password with the spec's message and sets no cookie", async () => {
    const res = await login("senha-errada", "10.1.0.1");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("asks for the password when it is blank", async () => {
    const res = await login("   ", "10.1.0.2");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Digite a senha" });
  });

  it("logs in with an HttpOnly SameSite=Strict cookie that holds no password, backed by a hashed row", async () => {
    const res = await login(TEST_ADMIN_PASSWORD, "10.1.0.3");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true, devMode: true, user: { login: "coordenacao" } });
    const header = String(res.headers["set-cookie"]);
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Strict");
    expect(header).toContain("Path=/");
    expect(header).toContain("Max-Age=43200");
    expect(header).not.toContain("Secure");
    expect(header).not.toContain(TEST_ADMIN_PASSWORD);

    const cookie = header.split(";")[0];
    const [row] = await sessionRows(cookie);
    const ttlHours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
    expect(ttlHours).toBeCloseTo(12, 3);
    // Only the hash of the token is stored.
    const stored = await t.db.query<{ token_hash: string }>("SELECT token_hash FROM admin_sessions");
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(cookie));

    const state = await sessionState(cookie);
    expect(state.json()).toMatchObject({ authenticated: true, devMode: true, user: { login: "coordenacao" } });
  });

  it("marks the cookie Secure over HTTPS", async () => {
    const res = await login(TEST_ADMIN_PASSWORD, "10.1.0.4", { "x-forwarded-proto": "https" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it("logs out: deletes the row, clears the cookie, and the old cookie no longer works", async () => {
    const cookie = await adminCookie(t.app, "10.1.0.5");
    expect(await sessionRows(cookie)).toHaveLength(1);
    const res = await t.app.inject({ method: "DELETE", url: "/api/session", headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`),
    );
    expect(await sessionRows(cookie)).toHaveLength(0);
    expect((await sessionState(cookie)).json()).toEqual({ authenticated: false, devMode: true, user: null });
    const stats = await t.app.inject({ url: "/api/registrations/stats", headers: { cookie } });
    expect(stats.statusCode).toBe(401);
    expect(stats.json()).toEqual(EXPIRED);
  });

  it("renews a session used after a while (sliding 12 h) but not one just created", async () => {
    const cookie = await adminCookie(t.app, "10.1.0.6");
    const fresh = await sessionState(cookie);
    expect(fresh.headers["set-cookie"]).toBeUndefined();

    await t.db.query("UPDATE admin_sessions SET expires_at = now() + interval '1 hour' WHERE token_hash = $1", [
      sha256(tokenOf(cookie)),
    ]);
    const used = await t.app.inject({ url: "/api/registrations/stats", headers: { cookie } });
    expect(used.statusCode).toBe(200);
    expect(String(used.headers["set-cookie"])).toContain(`${cookie};`);
    expect(String(used.headers["set-cookie"])).toContain("Max-Age=43200");
    const [row] = await t.db.query<{ hours: number }>(
      "SELECT extract(epoch FROM expires_at - now())::float8 / 3600 AS hours FROM admin_sessions WHERE token_hash = $1",
      [sha256(tokenOf(cookie))],
    );
    expect(row.hours).toBeGreaterThan(11.9);
  });

  it("treats an expired session as logged out and drops its cookie", async () => {
    const cookie = await adminCookie(t.app, "10.1.0.7");
    await t.db.query("UPDATE admin_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      sha256(tokenOf(cookie)),
    ]);
    expect((await sessionState(cookie)).json()).toEqual({ authenticated: false, devMode: true, user: null });
    const res = await t.app.inject({ url: "/api/registrations", headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
    expect(String(res.headers["set-cookie"])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });

  it("refuses login and logout from another site with 403", async () => {
    const before = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM admin_sessions");
    const evil = await login(TEST_ADMIN_PASSWORD, "10.1.0.8", { origin: "https://evil.example" });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toMatch(/outro site/);
    expect(evil.headers["set-cookie"]).toBeUndefined();
    const fetchSite = await login(TEST_ADMIN_PASSWORD, "10.1.0.8", { "sec-fetch-site": "cross-site" });
    expect(fetchSite.statusCode).toBe(403);
    const after = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM admin_sessions");
    expect(after[0].n).toBe(before[0].n);

    const cookie = await adminCookie(t.app, "10.1.0.8");
    const logout = await t.app.inject({
      method: "DELETE",
      url: "/api/session",
      headers: { cookie, origin: "http://evil.example" },
    });
    expect(logout.statusCode).toBe(403);
    expect(await sessionRows(cookie)).toHaveLength(1);

    // The page's own origin (and a same-origin fetch) is fine.
    const own = await login(TEST_ADMIN_PASSWORD, "10.1.0.8", {
      host: "caravana.test",
      origin: "http://caravana.test",
      "sec-fetch-site": "same-origin",
    });
    expect(own.statusCode).toBe(200);
  });

  it("makes repeated wrong passwords wait longer each time, for that address only, never for 15 minutes", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 5; i++) expect((await login(`errada-${i}`, ip)).statusCode).toBe(401);

    // The sixth is heard; sent together with it, four more are refused at once, without checking a password.
    const burst = await Promise.all([5, 6, 7, 8, 9].map((i) => login(`errada-${i}`, ip)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429]);

    const wait = await login(TEST_ADMIN_PASSWORD, ip);
    expect(wait.statusCode).toBe(429);
    expect(wait.json()).toEqual({ error: "Muitas tentativas de acesso. Aguarde 1 segundo e tente de novo." });
    expect(Number(wait.headers["retry-after"])).toBe(1);
    // Another address, and then the same one after the wait, get in with the right password.
    expect((await login(TEST_ADMIN_PASSWORD, "203.0.113.8")).statusCode).toBe(200);
    await backdateLoginAttempts(t.db, 1050);
    expect((await login(TEST_ADMIN_PASSWORD, ip)).statusCode).toBe(200);
  });

  it("counts an attempt before its body arrives, and one IPv6 /64 as one client", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(`errada-${i}`, `2001:db8:77:1::${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(`errada-5`, "2001:db8:77:1::99")).statusCode).toBe(401);
    expect((await login(TEST_ADMIN_PASSWORD, "2001:db8:77:1:ffff::1")).statusCode).toBe(429);
    // A malformed body is an attempt too: it does not reach the password, but it waits its turn.
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/session",
      payload: "{ não é json",
      headers: { "content-type": "application/json" },
      remoteAddress: "2001:db8:77:1::5",
    });
    expect(malformed.statusCode).toBe(429);
  });

  it("forgets a client's failures once it logs in", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < 5; i++) expect((await login(`errada-${i}`, ip)).statusCode).toBe(401);
    expect((await login(TEST_ADMIN_PASSWORD, ip)).statusCode).toBe(200);
    // Without the reset the fifth of these would be the eleventh failure and get 429.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(`outra-${i}`, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });
});
