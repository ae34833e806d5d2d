import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./database";
import { applyDefinitions } from "./definitions";

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");
// Any constant: serialises concurrent start-ups of several instances on one PostgreSQL.
const MIGRATION_LOCK = 727_2025;

export function migrationFiles(): { version: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ""), sql: readFileSync(join(MIGRATIONS_DIR, f), "utf8") }));
}

/**
 * Applies the migrations not yet applied, each with its record, then the
 * function and trigger files that changed (definitions.ts), all in one
 * transaction. Returns what it applied. `upTo` stops at a migration, with no
 * files: the database a release before the files would have left (tests).
 */
export async function migrate(
  db: Database,
  opts: { upTo?: string } = {},
): Promise<{ migrations: string[]; definitions: string[] }> {
  return db.transaction(async (tx) => {
    // A migration over many rows may take longer than a request's statement timeout.
    await tx.exec("SET LOCAL statement_timeout = 0");
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ version: string }>("SELECT version FROM schema_migrations")).map((r) => r.version),
    );
    const migrations: string[] = [];
    for (const m of migrationFiles()) {
      if (opts.upTo && m.version > opts.upTo) break;
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [m.version]);
      migrations.push(m.version);
    }
    if (opts.upTo) return { migrations, definitions: [] };
    // After a migration every file is applied again: it may have dropped a function, and its triggers with it.
    const definitions = await applyDefinitions(tx, { all: migrations.length > 0 });
    return { migrations, definitions };
  });
}
