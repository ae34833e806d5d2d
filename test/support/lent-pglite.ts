import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import type { Database, Queryable } from "../../src/server/db/database";
import { openDatabase } from "../../src/server/db/open-database";
import { pgdataOf } from "../../src/server/db/pglite/options";
import { quietLog } from "./quiet-log";

/** Puts a copy of the run's migrated PGlite database (global-setup.ts) into a DATA_DIR. */
export function copyMigratedPglite(dataDir: string): void {
  cpSync(pgdataOf(inject("pgliteTemplateDir")), pgdataOf(dataDir), { recursive: true });
}

/** A new DATA_DIR in the run's scratch folder, holding a copy of the run's migrated PGlite database. */
export function migratedPgliteDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "caravana-pglite-"));
  copyMigratedPglite(dataDir);
  return dataDir;
}

/**
 * Everything a test could change in the database's shape: tables, columns, constraints, indexes, triggers,
 * functions, rules, extensions and stored settings. A database whose shape differs from the migrated one is
 * never lent again.
 */
const SHAPE_SQL = `SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS shape FROM (
  SELECT format('r %s %s %s %s', relname, relkind, reloptions, relrowsecurity) AS x
    FROM pg_class WHERE relnamespace = 'public'::regnamespace
  UNION ALL SELECT format('a %s.%s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
      a.attnotnull, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT format('k %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT format('i %s', pg_get_indexdef(indexrelid)) FROM pg_index
    WHERE indexrelid::regclass::text NOT LIKE 'pg\\_%'
  UNION ALL SELECT format('t %s %s', pg_get_triggerdef(oid), tgenabled) FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT format('f %s %s %s', oid::regprocedure, md5(prosrc), proconfig)
    FROM pg_proc WHERE pronamespace = 'public'::regnamespace
  UNION ALL SELECT format('w %s %s', rulename, definition) FROM pg_rules WHERE schemaname = 'public'
  UNION ALL SELECT format('e %s %s', extname, extversion) FROM pg_extension
  UNION ALL SELECT format('s %s', setconfig) FROM pg_db_role_setting
) s`;

interface Migrated {
  shape: string;
  /** One transaction's statements that put every table and sequence back as the migration left them. */
  restore: string;
}

/** The migrated database's shape and rows, read once per worker from its first fresh copy. */
let migrated: Migrated | undefined;

async function readMigrated(db: Queryable): Promise<Migrated> {
  const [{ shape }] = await db.query<{ shape: string }>(SHAPE_SQL);
  const tables = await db.query<{ t: string; cols: string }>(
    `SELECT c.oid::regclass::text AS t,
            string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS cols
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
     GROUP BY c.oid ORDER BY 1`,
  );
  // Triggers off (the log, the guards, the counters): the rows go back exactly as they were, keys included.
  // TRUNCATE, not DELETE: with no VACUUM in between, deleted rows and their index entries would pile up from
  // file to file, and a worker's later files would read through them.
  const parts = ["SET LOCAL session_replication_role = replica", `TRUNCATE ${tables.map(({ t }) => t).join(", ")}`];
  for (const { t, cols } of tables) {
    const [{ rows }] = await db.query<{ rows: string | null }>(`SELECT json_agg(x)::text AS rows FROM ${t} x`);
    if (rows === null) continue;
    parts.push(
      `INSERT INTO ${t} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${t}, $migrated$${rows}$migrated$)`,
    );
  }
  const sequences = await db.query<{ s: string; v: string; called: boolean }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS s, coalesce(last_value, start_value)::text AS v,
            last_value IS NOT NULL AS called
     FROM pg_sequences WHERE schemaname = 'public'`,
  );
  parts.push(...sequences.map(({ s, v, called }) => `SELECT setval('${s}', ${v}, ${called})`));
  return { shape, restore: parts.join(";\n") };
}

interface Open {
  db: Database;
  dataDir: string;
}

/** Migrated databases this worker opened and a file has given back, ready to lend again. */
const idle: Open[] = [];

async function openFresh(): Promise<Open> {
  const dataDir = migratedPgliteDir();
  // Its maintenance would run in the middle of some later file's test: the worker keeps it open for minutes.
  const db = await openDatabase({ DATA_DIR: dataDir, CHECKPOINT_INTERVAL_MS: 3_600_000 }, quietLog);
  migrated ??= await readMigrated(db);
  return { db, dataDir };
}

async function discard(open: Open): Promise<void> {
  // A database stuck in a transaction never closes: it is left behind, and its folder goes with the run's.
  await within(5_000, open.db.close()).catch(() => {});
  rmSync(open.dataDir, { recursive: true, force: true });
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("a devolução do banco de teste demorou demais")), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** As a fresh copy would be: the migrated rows, no session settings, no temporary tables, no advisory locks. */
async function putBack(db: Database): Promise<void> {
  if (!migrated) throw new Error("sem o banco migrado lido");
  const [{ shape }] = await db.query<{ shape: string }>(SHAPE_SQL);
  if (shape !== migrated.shape) throw new Error("o teste mudou a estrutura do banco");
  await db.exec("RESET ALL; DISCARD TEMP; SELECT pg_advisory_unlock_all()");
  const { restore } = migrated;
  await db.transaction((tx) => tx.exec(restore));
}

export interface LentPglite {
  /** The database, for this file only: after `giveBack` every call on it fails. */
  db: Database;
  dataDir: string;
  /** Puts the database back as migrated for the worker's next file; one the file closed or reshaped is removed. */
  giveBack(): Promise<void>;
}

/**
 * A migrated, empty PGlite database for one test file, lent from the ones this
 * worker's earlier files gave back (or a fresh copy when none is idle): putting
 * one back costs a file far less than starting PGlite on a copy and filling its
 * catalog caches again (decision 072).
 */
export async function lendPglite(): Promise<LentPglite> {
  const open = idle.pop() ?? (await openFresh());
  const listening = new Set<() => Promise<void>>();
  let closed = false;
  let returned = false;
  const live = () => {
    if (returned) throw new Error("este banco de teste já foi devolvido");
    return open.db;
  };
  const db: Database = {
    kind: open.db.kind,
    query: async <T>(sql: string, params?: unknown[]) => live().query<T>(sql, params),
    exec: async (sql) => live().exec(sql),
    transaction: async (fn) => live().transaction(fn),
    async listen(channel, onPayload) {
      const stop = await live().listen(channel, onPayload);
      const once = async () => {
        if (listening.delete(once)) await stop();
      };
      listening.add(once);
      return once;
    },
    async close() {
      closed = true;
      await live().close();
    },
  };
  return {
    db,
    dataDir: open.dataDir,
    async giveBack() {
      if (returned) return;
      returned = true;
      try {
        for (const stop of [...listening]) await stop();
        if (closed) throw new Error("o teste fechou o banco");
        await within(15_000, putBack(open.db));
        idle.push(open);
      } catch {
        await discard(open);
      }
    },
  };
}
