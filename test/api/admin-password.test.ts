import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, DEFAULT_DIST_DIR, loggerOptions } from "../../src/server/app";
import { GENERATED_HASH_KEY } from "../../src/server/auth/admin-password";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/open-database";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { startTestApp } from "../support/test-app";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";
import { quietLog } from "../support/quiet-log";

const GENERATED = /\b([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\b/;

function distFiles(dir = DEFAULT_DIST_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? distFiles(path) : [path];
  });
}

/** The real server in development mode, with its notices and log lines captured. */
async function boot(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "info", ...env });
  const db = await openDatabase(config, quietLog);
  const notices: string[] = [];
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = pino({ ...(loggerOptions(config) as pino.LoggerOptions), level: "trace" }, sink);
  const app = await buildApp({ config, db, logger, announce: (m) => notices.push(m) });
  await app.ready();
  const login = (password: string) =>
    app.inject({ method: "POST", url: "/api/session", payload: { password }, remoteAddress: "10.9.9.9" });
  return {
    app,
    db,
    notices,
    logs,
    login,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

beforeAll(() => {
  // The bundle checks below need the built client (CI's `npm test` builds first).
  if (!existsSync(join(DEFAULT_DIST_DIR, "index.html"))) execFileSync("npx", ["vite", "build"], { stdio: "inherit" });
}, 180_000);

describe.each(DB_KINDS)("admin password on %s", (kind) => {
  let fresh: Awaited<ReturnType<typeof freshDatabaseEnv>>;
  beforeAll(async () => {
    fresh = await freshDatabaseEnv(kind);
  });
  afterAll(async () => {
    await fresh?.cleanup();
  });

  it("generates a development password once, keeps only its hash, and never ships or logs it", async () => {
    const first = await boot(fresh.env);
    let password: string;
    let hash: string;
    try {
      expect(first.notices).toHaveLength(1);
      password = GENERATED.exec(first.notices[0])![1];
      expect(first.notices[0]).toContain("ADMIN_PASSWORD");

      const [row] = await first.db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [
        GENERATED_HASH_KEY,
      ]);
      hash = row.value;
      expect(hash).toMatch(/^scrypt\$/);
      expect(hash).not.toContain(password);

      expect((await first.login("errada-demais")).statusCode).toBe(401);
      const ok = await first.login(password);
      expect(ok.statusCode).toBe(200);
      const token = ok.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      await first.app.inject({ url: "/api/registrations", headers: { cookie: `${SESSION_COOKIE}=${token}` } });

      const pages = [(await first.app.inject("/")).body, (await first.app.inject("/admin")).body];
      const bundle = distFiles().map((f) => readFileSync(f));
      expect(bundle.length).toBeGreaterThan(1);
      const secrets = [password, hash, ...hash.split("$").slice(4)];
      for (const secret of secrets) {
        for (const page of pages) expect(page).not.toContain(secret);
        for (const file of bundle) expect(file.includes(secret)).toBe(false);
        for (const line of first.logs) expect(line).not.toContain(secret);
      }
      // Request logs exist, and the session token in them is hidden.
      expect(first.logs.join("")).toContain("/api/session");
      expect(first.logs.join("")).not.toContain(token);
    } finally {
      await first.close();
    }

    const second = await boot(fresh.env);
    try {
      expect(second.notices).toHaveLength(1);
      expect(second.notices[0]).not.toMatch(GENERATED);
      expect(second.notices[0]).toContain("senha gerada na primeira execução");
      expect(second.notices[0]).toContain("ADMIN_PASSWORD");
      expect((await second.login(password)).statusCode).toBe(200);
    } finally {
      await second.close();
    }

    const withEnv = await boot({ ...fresh.env, ADMIN_PASSWORD: "senha-do-ambiente-123" });
    try {
      expect(withEnv.notices).toEqual([]);
      expect((await withEnv.login(password)).statusCode).toBe(401);
      expect((await withEnv.login("senha-do-ambiente-123")).statusCode).toBe(200);
      const page = (await withEnv.app.inject("/admin")).body;
      expect(page).not.toContain("senha-do-ambiente-123");
      for (const file of distFiles()) expect(readFileSync(file).includes("senha-do-ambiente-123")).toBe(false);
      for (const line of withEnv.logs) expect(line).not.toContain("senha-do-ambiente-123");
    } finally {
      await withEnv.close();
    }
  }, 180_000); // three start-ups of the real server on one database

  it("runs in production only with ADMIN_PASSWORD, and says it is not development", async () => {
    const prod = await startTestApp(kind, {
      env: {
        NODE_ENV: "production",
        ADMIN_PASSWORD: "uma-senha-de-producao",
        PUBLIC_URL: "https://caravana.exemplo.org",
        // Production refuses the tests' cheaper hashes (decision 077).
        PASSWORD_HASH_COST: "15",
      },
    });
    try {
      expect((await prod.app.inject("/api/session")).json()).toEqual({
        authenticated: false,
        devMode: false,
        user: null,
      });
      const res = await prod.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { password: "uma-senha-de-producao" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ authenticated: true, devMode: false, user: { login: "coordenacao" } });
      const rows = await prod.db.query("SELECT 1 FROM app_settings WHERE key = $1", [GENERATED_HASH_KEY]);
      expect(rows).toHaveLength(0);
    } finally {
      await prod.close();
    }
    expect(() => loadConfig({ NODE_ENV: "production", ...fresh.env })).toThrow(
      /ADMIN_PASSWORD: obrigatória em produção/,
    );
  }, 60_000);
});
