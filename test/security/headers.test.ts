import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/server/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../../src/server/plugins/session";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import type { TestApp } from "../support/test-app";

// Headers come from one onSend hook and the trust-proxy setting, not from the
// database, so one database kind is enough here (the route walk runs on both).

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSafeHeaders(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  const scripts = policy.get("script-src") ?? policy.get("default-src");
  expect(scripts, `${what}: script-src`).toBeDefined();
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(scripts, what).not.toContain("*");
  expect(policy.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(policy.get("object-src"), what).toEqual(["'none'"]);
  expect(res.headers["x-content-type-options"], what).toBe("nosniff");
  expect(res.headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
}

describe("security headers", () => {
  let direct: TestApp; // no proxy in front: X-Forwarded-* must be ignored
  let proxied: { app: FastifyInstance }; // TRUST_PROXY=1, as behind one nginx
  let cookie: string;
  beforeAll(async () => {
    direct = await startAdminTestApp("pglite");
    // The same real app with the proxy setting, on the same database (one PGlite start instead of two).
    proxied = {
      app: await buildApp({
        config: { ...direct.config, TRUST_PROXY: 1 },
        db: direct.db,
        distDir: process.env.TEST_DIST_DIR,
      }),
    };
    await proxied.app.ready();
    cookie = await adminCookie(direct.app);
  });
  afterAll(async () => {
    await proxied?.app.close();
    await direct?.close();
  });

  it("sends a strict CSP, nosniff and a Referrer-Policy on pages, API answers and errors", async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ["page /", await direct.app.inject("/")],
      ["page /admin", await direct.app.inject("/admin")],
      ["unknown page", await direct.app.inject("/nao-existe")],
      ["GET /api/health", await direct.app.inject("/api/health")],
      ["GET /api/registrations (admin)", await direct.app.inject({ url: "/api/registrations", headers: { cookie } })],
      ["401", await direct.app.inject("/api/registrations")],
      ["404 JSON", await direct.app.inject("/api/nao-existe")],
      [
        "400 bad JSON",
        await direct.app.inject({
          method: "POST",
          url: "/api/registrations",
          headers: { "content-type": "application/json" },
          payload: "{",
        }),
      ],
      ["400 bad URL", await direct.app.inject("/api/registrations/%E0%A4%A")],
    ];
    for (const [what, res] of answers) expectSafeHeaders(res, what);
  });

  it("serves HTML with no inline script code, only the JSON config block", async () => {
    const html = (await direct.app.inject("/")).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attrs, body] of scripts) {
      if (/\btype="application\/json"/.test(attrs)) {
        expect(() => JSON.parse(body), tag.slice(0, 80)).not.toThrow();
      } else {
        expect(attrs, tag.slice(0, 80)).toMatch(/\bsrc="\/[^"]+"/);
        expect(body.trim(), tag.slice(0, 80)).toBe("");
      }
    }
    // No inline event handlers or javascript: URLs either (CSP would block them; they should not be there).
    expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it("sends HSTS and a Secure cookie only when a trusted proxy says HTTPS", async () => {
    const https = { "x-forwarded-proto": "https" };
    const login = (t: { app: FastifyInstance }, headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { password: TEST_ADMIN_PASSWORD },
        headers,
        remoteAddress: "10.5.5.5",
      });
    const sessionSetCookie = (res: LightMyRequestResponse, name = SESSION_COOKIE) =>
      String([res.headers["set-cookie"]].flat().find((c) => String(c).startsWith(`${name}=`)));

    const behindProxy = await login(proxied, https);
    expect(behindProxy.statusCode).toBe(200);
    expect(behindProxy.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    // Over HTTPS the cookie carries the __Host- prefix: Secure, path /, no Domain.
    const secure = sessionSetCookie(behindProxy, SECURE_SESSION_COOKIE);
    expect(secure).toMatch(/;\s*Secure/i);
    expect(secure).toMatch(/;\s*Path=\/(;|$)/i);
    expect(secure).not.toMatch(/Domain=/i);
    expect(sessionSetCookie(behindProxy)).toBe("undefined");
    const token = secure.split(";")[0];
    const asHttps = (cookie: string) => proxied.app.inject({ url: "/api/session", headers: { ...https, cookie } });
    expect((await asHttps(token)).json()).toMatchObject({ authenticated: true });
    // The plain name is not accepted over HTTPS.
    expect((await asHttps(token.replace(SECURE_SESSION_COOKIE, SESSION_COOKIE))).json()).toMatchObject({
      authenticated: false,
    });
    expect((await proxied.app.inject({ url: "/", headers: https })).headers["strict-transport-security"]).toBeDefined();

    // The same proxy over plain HTTP: no HSTS (a browser would ignore it anyway) and no Secure flag.
    const plain = await login(proxied, { "x-forwarded-proto": "http" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(sessionSetCookie(plain)).not.toMatch(/;\s*Secure/i);

    // Without TRUST_PROXY anyone could send the header: it is ignored.
    const spoofed = await login(direct, https);
    expect(spoofed.statusCode).toBe(200);
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    expect(sessionSetCookie(spoofed)).not.toMatch(/;\s*Secure/i);
    expect(
      (await direct.app.inject({ url: "/", headers: https })).headers["strict-transport-security"],
    ).toBeUndefined();
  });
});
