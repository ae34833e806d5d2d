import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { definedInDatabase, definitionDrift, definitionFiles } from "../../src/server/db/definitions";
import { migrate, migrationFiles } from "../../src/server/db/migrate";
import { openPglite } from "../../src/server/db/pglite/open-pglite";
import { openPostgres } from "../../src/server/db/postgres-database";
import { DB_KINDS, type DbKind, useFreshDatabase } from "../support/test-database";

/** What a release before the function files left: the migrations up to 036, nothing applied from files. */
const BEFORE_FILES = "036-shared-credit-log";

/** An empty database of the kind, not migrated: PGlite from the build's template, or a new PostgreSQL database. */
async function emptyDatabase(kind: DbKind): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "caravana-vazio-"));
    const db = await openPglite({ dataDir: dir, checkpointIntervalMs: 60_000 });
    return { db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject("postgresUrl");
  const name = `v_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  const db = await openPostgres({ url: adminUrl.replace(/\/postgres$/, `/${name}`) });
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Everything the database runs, as PostgreSQL prints it, with its description. */
const everything = async (db: Database) =>
  Object.fromEntries([...(await definedInDatabase(db))].map(([path, d]) => [path, [d.definition, d.comment]]));

describe("migrations after the function files", () => {
  it("define no function and no trigger: those live in their files", () => {
    const later = migrationFiles().filter((m) => m.version > BEFORE_FILES);
    expect(later.length).toBeGreaterThan(0);
    for (const m of later) expect(m.sql, m.version).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i);
  });
});

describe.each(DB_KINDS)("function and trigger files on %s", (kind) => {
  let db: Database;
  useFreshDatabase(kind, (d) => {
    db = d;
  });

  it("every function and trigger the database runs is its file's body, and every file names one", async () => {
    const files = definitionFiles();
    expect(files.filter((f) => f.kind === "functions").length).toBeGreaterThan(50);
    expect(files.filter((f) => f.kind === "triggers").length).toBeGreaterThan(50);
    expect(await db.transaction(async (tx) => definitionDrift(tx))).toEqual([]);
  });

  it("finds a function changed behind the files' back, one with no file, and a file with nothing behind it", async () => {
    const inside = await db.transaction(async (tx) => {
      await tx.exec("SAVEPOINT antes");
      await tx.exec(`CREATE OR REPLACE FUNCTION caravana_take_seat() RETURNS uuid LANGUAGE sql AS $$ SELECT NULL::uuid $$;
        CREATE FUNCTION caravana_sem_arquivo() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
        DROP TRIGGER registrations_log_messages ON registrations;`);
      const found = await definitionDrift(tx);
      await tx.exec("ROLLBACK TO SAVEPOINT antes");
      return found;
    });
    expect(inside.sort()).toEqual(
      [
        "functions/caravana-sem-arquivo.sql: no banco, sem arquivo",
        "functions/caravana-take-seat.sql: o banco roda outro corpo",
        "triggers/registrations-log-messages.sql: arquivo sem gatilho no banco",
      ].sort(),
    );
    expect(await db.transaction(async (tx) => definitionDrift(tx))).toEqual([]);
  });

  it("a start applies only the files that changed, and none when nothing did", async () => {
    expect(await migrate(db)).toEqual({ migrations: [], definitions: [] });
    await db.query("UPDATE schema_definitions SET sha256 = repeat('0', 64) WHERE arquivo = $1", [
      "functions/caravana-take-seat.sql",
    ]);
    expect(await migrate(db)).toEqual({ migrations: [], definitions: ["functions/caravana-take-seat.sql"] });
    expect(await migrate(db)).toEqual({ migrations: [], definitions: [] });
  });
});

describe.each(DB_KINDS)("a database upgraded from before the files, on %s", (kind) => {
  it("ends with the same functions and triggers as a fresh one", { timeout: 120_000 }, async () => {
    const fresh = await emptyDatabase(kind);
    const upgraded = await emptyDatabase(kind);
    try {
      const all = await migrate(fresh.db);
      expect(all.definitions.length).toBe(definitionFiles().length);
      expect(await migrate(upgraded.db, { upTo: BEFORE_FILES })).toMatchObject({ definitions: [] });
      const later = await migrate(upgraded.db);
      expect(later.migrations[0]).toBe("037-definitions-in-files");
      expect(await everything(upgraded.db)).toEqual(await everything(fresh.db));
    } finally {
      await fresh.db.close();
      await upgraded.db.close();
      await fresh.drop();
      await upgraded.drop();
    }
  });
});
