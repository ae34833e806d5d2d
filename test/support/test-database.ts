import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import type { Database } from "../../src/server/db/database";
import { openDatabase } from "../../src/server/db/open-database";
import { lendPglite, migratedPgliteDir } from "./lent-pglite";
import { quietLog } from "./quiet-log";

export const DB_KINDS = ["pglite", "postgres"] as const;
export type DbKind = (typeof DB_KINDS)[number];

/**
 * Env for a fresh, empty database of the given kind: a PGlite folder or a new
 * PostgreSQL database, each a copy of the run's migrated one (global-setup.ts,
 * which migrates both from empty, so every run still applies each migration).
 */
export async function freshDatabaseEnv(
  kind: DbKind,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = migratedPgliteDir();
    return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject("postgresUrl");
  const name = `t_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const dir = mkdtempSync(join(tmpdir(), "caravana-pgapp-"));
  return {
    env: { DATABASE_URL: url, DATA_DIR: dir },
    cleanup: async () => {
      rmSync(dir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A migrated, empty database of the given kind, opened directly (no server); `done` closes and removes it, or
 * gives a lent PGlite back (lent-pglite.ts).
 */
async function openFreshDatabase(kind: DbKind): Promise<{ db: Database; done: () => Promise<void> }> {
  if (kind === "pglite") {
    const lent = await lendPglite();
    return { db: lent.db, done: lent.giveBack };
  }
  const { env, cleanup } = await freshDatabaseEnv(kind);
  const db = await openDatabase(
    { DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL, CHECKPOINT_INTERVAL_MS: 60_000 },
    quietLog,
  );
  return {
    db,
    done: async () => {
      await db.close();
      await cleanup();
    },
  };
}

/**
 * For a test file or describe block: opens a fresh database before its tests
 * and hands it to `use`, then closes and removes it after them.
 */
export function useFreshDatabase(kind: DbKind, use: (db: Database) => void): void {
  let opened: Awaited<ReturnType<typeof openFreshDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openFreshDatabase(kind);
    use(opened.db);
  });
  afterAll(async () => {
    await opened?.done();
  });
}
