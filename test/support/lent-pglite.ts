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

/** A table as the migration left it. */
interface MigratedTable {
  name: string;
  cols: string;
  /** Its rows as JSON, or null when the migration left it empty. */
  rows: string | null;
}

interface Migrated {
  shape: string;
  tables: MigratedTable[];
  /** Foreign keys, referencing table first: a TRUNCATE must name every table that references one it names. */
  references: { from: string; to: string }[];
  /** Each table's heap size, and a digest of the rows of the tables the migration filled, as they are now. */
  stateSql: string;
  /** The digests of those rows as the migration left them. */
  digests: Map<string, string>;
  /** Puts every sequence back where the migration left it. */
  sequencesSql: string;
}

/** The migrated database's shape and rows, read once per worker from its first fresh copy. */
let migrated: Migrated | undefined;

const digestOf = (table: string) => `(SELECT md5(json_agg(x)::text) FROM ${table} x)`;

async function readMigrated(db: Queryable): Promise<Migrated> {
  const [{ shape }] = await db.query<{ shape: string }>(SHAPE_SQL);
  const columns = await db.query<{ t: string; cols: string }>(
    `SELECT c.oid::regclass::text AS t,
            string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS cols
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
     GROUP BY c.oid ORDER BY 1`,
  );
  const tables: MigratedTable[] = [];
  const digests = new Map<string, string>();
  for (const { t, cols } of columns) {
    const [{ rows, digest }] = await db.query<{ rows: string | null; digest: string | null }>(
      `SELECT json_agg(x)::text AS rows, ${digestOf(t)} AS digest FROM ${t} x`,
    );
    tables.push({ name: t, cols, rows });
    if (digest !== null) digests.set(t, digest);
  }
  const references = await db.query<{ from: string; to: string }>(
    `SELECT conrelid::regclass::text AS "from", confrelid::regclass::text AS "to"
     FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  );
  const stateSql = tables
    .map(
      ({ name, rows }) =>
        `SELECT '${name}' AS t, pg_relation_size('${name}') AS size, ${rows === null ? "NULL" : digestOf(name)} AS digest`,
    )
    .join(" UNION ALL ");
  const sequences = await db.query<{ s: string; v: string; called: boolean }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS s, coalesce(last_value, start_value)::text AS v,
            last_value IS NOT NULL AS called
     FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const sequencesSql = sequences.map(({ s, v, called }) => `SELECT setval('${s}', ${v}, ${called})`).join(";\n");
  return { shape, tables, references, stateSql, digests, sequencesSql };
}

/**
 * The statements that put back, in one transaction, the tables a file wrote to: a table the migration left
 * empty whose heap is still of size 0 never held a row, dead or alive, and one it filled whose rows are as
 * they were is left alone. TRUNCATE gives a table and each of its indexes new files, and on PGlite emptying
 * every table that way was most of a put-back's cost (docs/performance.md). TRUNCATE, not DELETE: with no
 * VACUUM in between, deleted rows and their index entries would pile up from file to file.
 */
async function restoreSql(db: Queryable, { tables, references, stateSql, digests, sequencesSql }: Migrated) {
  const state = await db.query<{ t: string; size: string; digest: string | null }>(stateSql);
  const written = new Set(
    state
      .filter(({ t, size, digest }) => (digests.has(t) ? digest !== digests.get(t) : Number(size) > 0))
      .map(({ t }) => t),
  );
  for (let grew = true; grew; ) {
    grew = false;
    for (const { from, to } of references) {
      if (written.has(to) && !written.has(from)) {
        written.add(from);
        grew = true;
      }
    }
  }
  // Triggers off (the log, the guards, the counters): the rows go back exactly as they were, keys included.
  const parts = ["SET LOCAL session_replication_role = replica"];
  const emptied = tables.filter(({ name }) => written.has(name));
  if (emptied.length > 0) parts.push(`TRUNCATE ${emptied.map(({ name }) => name).join(", ")}`);
  for (const { name, cols, rows } of emptied) {
    if (rows === null) continue;
    parts.push(
      `INSERT INTO ${name} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${name}, $migrated$${rows}$migrated$)`,
    );
  }
  parts.push(sequencesSql);
  return parts.join(";\n");
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
  const restore = await restoreSql(db, migrated);
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
