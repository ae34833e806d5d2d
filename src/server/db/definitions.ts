import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Queryable } from "./database";

/*
 * Each database function and trigger in one file holding its current body
 * (Flyway's repeatable migrations, Supabase's declarative schemas; decision
 * 046). Numbered migrations keep tables, columns and data; these files keep
 * behaviour. Changing a function means editing its file: the next start
 * applies it, after the migrations, in their transaction.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
/** Functions before triggers: a trigger names its function. */
export const DEFINITION_FOLDERS = ["functions", "triggers"] as const;
export type DefinitionKind = (typeof DEFINITION_FOLDERS)[number];

export interface DefinitionFile {
  /** "functions/caravana-take-seat.sql": the key kept in schema_definitions. */
  path: string;
  kind: DefinitionKind;
  /** The function's or trigger's name in the database. */
  name: string;
  sql: string;
  sha256: string;
}

/** "caravana_take_seat" ↔ "caravana-take-seat.sql": the file is named after what it defines. */
export const definitionFileName = (name: string) => `${name.replace(/_/g, "-")}.sql`;

export function definitionFiles(root = HERE): DefinitionFile[] {
  return DEFINITION_FOLDERS.flatMap((kind) =>
    readdirSync(join(root, kind))
      .filter((f) => /^[a-z0-9-]+\.sql$/.test(f))
      .sort()
      .map((f) => {
        const sql = readFileSync(join(root, kind, f), "utf8");
        return {
          path: `${kind}/${f}`,
          kind,
          name: f.replace(/\.sql$/, "").replace(/-/g, "_"),
          sql,
          sha256: createHash("sha256").update(sql).digest("hex"),
        };
      }),
  );
}

/**
 * Applies the files the database does not hold yet, or all of them when a
 * migration ran in this transaction (it may have dropped or restated one).
 * Bodies are not checked against each other while they are created: a SQL
 * function may name one that a later file defines. Returns the paths applied.
 */
export async function applyDefinitions(tx: Queryable, opts: { all: boolean }): Promise<string[]> {
  const held = new Map(
    (await tx.query<{ arquivo: string; sha256: string }>("SELECT arquivo, sha256 FROM schema_definitions")).map((r) => [
      r.arquivo,
      r.sha256,
    ]),
  );
  const changed = definitionFiles().filter((f) => opts.all || held.get(f.path) !== f.sha256);
  if (changed.length === 0) return [];
  await tx.exec("SET LOCAL check_function_bodies = off");
  for (const f of changed) {
    try {
      await tx.exec(f.sql);
    } catch (err) {
      throw new Error(`${f.path}: ${(err as Error).message}`, { cause: err });
    }
  }
  await tx.query(
    `INSERT INTO schema_definitions (arquivo, sha256) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (arquivo) DO UPDATE SET sha256 = excluded.sha256, aplicado_em = now()`,
    [changed.map((f) => f.path), changed.map((f) => f.sha256)],
  );
  return changed.map((f) => f.path);
}

const FUNCTIONS = `SELECT p.oid::int AS oid, p.proname AS name, pg_get_functiondef(p.oid) AS definition,
       obj_description(p.oid, 'pg_proc') AS comment
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    AND ($1::text IS NULL OR p.proname = $1)`;
const TRIGGERS = `SELECT t.oid::int AS oid, t.tgname AS name, pg_get_triggerdef(t.oid) AS definition,
       obj_description(t.oid, 'pg_trigger') AS comment
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND NOT t.tgisinternal AND ($1::text IS NULL OR t.tgname = $1)`;

interface Defined {
  name: string;
  definition: string;
  comment: string | null;
}

/** Every function and trigger the database holds (or those of one name), as PostgreSQL prints them, by file path. */
export async function definedInDatabase(db: Queryable, name: string | null = null): Promise<Map<string, Defined>> {
  const out = new Map<string, Defined>();
  for (const [kind, sql] of [
    ["functions", FUNCTIONS],
    ["triggers", TRIGGERS],
  ] as const)
    for (const row of await db.query<Defined>(sql, [name])) out.set(`${kind}/${definitionFileName(row.name)}`, row);
  return out;
}

/**
 * Where the database and the files disagree: a function or trigger with no
 * file (a migration made it), a file with nothing behind it, or one whose
 * body differs from what the database runs (a psql edit, a migration after
 * it). Each file is run inside a savepoint and what PostgreSQL then prints is
 * compared with what it printed before; the savepoint is rolled back.
 */
export async function definitionDrift(tx: Queryable): Promise<string[]> {
  const before = await definedInDatabase(tx);
  const files = definitionFiles();
  const problems: string[] = [];
  for (const path of before.keys())
    if (!files.some((f) => f.path === path)) problems.push(`${path}: no banco, sem arquivo`);
  for (const f of files) {
    if (!before.has(f.path)) {
      problems.push(`${f.path}: arquivo sem ${f.kind === "functions" ? "função" : "gatilho"} no banco`);
      continue;
    }
    await tx.exec("SAVEPOINT definicao");
    try {
      await tx.exec(`SET LOCAL check_function_bodies = off; ${f.sql}`);
      const after = (await definedInDatabase(tx, f.name)).get(f.path);
      const was = before.get(f.path);
      if (after?.definition !== was?.definition) problems.push(`${f.path}: o banco roda outro corpo`);
      else if (after?.comment !== was?.comment) problems.push(`${f.path}: o banco tem outra descrição`);
    } finally {
      await tx.exec("ROLLBACK TO SAVEPOINT definicao");
    }
  }
  return problems;
}
