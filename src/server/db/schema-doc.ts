import { LIVE_EVENTS, NOTIFIED_EVENTS } from "../../shared/live-events";
import type { Queryable } from "./database";
import { definitionFileName } from "./definitions";
import { DOCUMENTED_ACTIONS } from "./schema-doc-actions";
import { chain, readCatalog, tableEvents } from "./schema-doc-events";
import { TRANSACTION_FLAGS, type TransactionFlag } from "./transaction-flags";

interface Table {
  name: string;
  comment: string | null;
}
interface Column {
  table: string;
  name: string;
  type: string;
  not_null: boolean;
  default_value: string | null;
  generated: string;
  identity: string;
}
interface Named {
  table: string;
  name: string;
  definition: string;
  comment?: string | null;
  fn?: string;
}
interface Fn {
  name: string;
  signature: string;
  language: string;
  comment: string | null;
}

const cell = (s: string) => s.replace(/\s+/g, " ").replace(/\|/g, "\\|");
const code = (s: string) => `\`${cell(s).replace(/`/g, "'")}\``;

const TABLES = `SELECT c.relname AS name, obj_description(c.oid, 'pg_class') AS comment
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`;
const COLUMNS = `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
       a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default_value, a.attgenerated::text AS generated, a.attidentity::text AS identity
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
  ORDER BY c.relname, a.attnum`;
const CONSTRAINTS = `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
  FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND k.contype <> 'n' ORDER BY c.relname, k.contype, k.conname`;
const INDEXES = `SELECT tablename AS table, indexname AS name, indexdef AS definition FROM pg_indexes i
  WHERE schemaname = 'public'
    AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.contype IN ('p', 'u'))
  ORDER BY tablename, indexname`;
const TRIGGERS = `SELECT c.relname AS table, t.tgname AS name, p.proname AS fn, pg_get_triggerdef(t.oid) AS definition,
       obj_description(t.oid, 'pg_trigger') AS comment
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_proc p ON p.oid = t.tgfoid
  WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY c.relname, t.tgname`;
const FUNCTIONS = `SELECT p.proname AS name, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature,
       l.lanname AS language, obj_description(p.oid, 'pg_proc') AS comment
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
  WHERE n.nspname = 'public'
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  ORDER BY p.proname`;

/**
 * Each transaction flag with the triggers that read it: those whose function reads it, or calls a
 * function that does (caravana_logging()), or whose WHEN clause does. A flag the database reads
 * that db/transaction-flags.ts does not describe is an error, as an undescribed trigger is.
 */
function flagReaders(bodies: { name: string; body: string }[], triggers: Named[]) {
  const read = new Set<string>();
  for (const m of bodies.flatMap((b) => [...b.body.matchAll(/current_setting\('(caravana\.[a-z_]+)'/g)]))
    read.add(m[1]);
  for (const t of triggers)
    for (const m of t.definition.matchAll(/current_setting\('(caravana\.[a-z_]+)'/g)) read.add(m[1]);
  const unknown = [...read].filter((f) => !(f in TRANSACTION_FLAGS));
  if (unknown.length) throw new Error(`Flag sem descrição em db/transaction-flags.ts: ${unknown.join(", ")}`);
  return (Object.keys(TRANSACTION_FLAGS) as TransactionFlag[]).map((flag) => {
    const fns = new Set(bodies.filter((b) => b.body.includes(`current_setting('${flag}'`)).map((b) => b.name));
    // Functions that call a reader read it too, one call away or more.
    for (let grew = true; grew; ) {
      grew = false;
      for (const b of bodies)
        if (!fns.has(b.name) && [...fns].some((f) => b.body.includes(`${f}(`))) {
          fns.add(b.name);
          grew = true;
        }
    }
    const readers = triggers
      .filter((t) => (t.fn && fns.has(t.fn)) || t.definition.includes(`current_setting('${flag}'`))
      .map((t) => t.name);
    return { flag, readers: [...new Set(readers)].sort() };
  });
}

/** "CREATE UNIQUE INDEX x ON public.t USING btree (a, b) WHERE (…)" → "UNIQUE (a, b) WHERE (…)". */
const indexShape = (definition: string) =>
  definition.replace(
    /^CREATE (UNIQUE )?INDEX \S+ ON \S+ (?:USING (\w+) )?/,
    (_m, unique: string | undefined, method: string) =>
      `${unique ?? ""}${method && method !== "btree" ? `${method.toUpperCase()} ` : ""}`,
  );

/**
 * docs/schema.md: the database as every migration leaves it, with the rule
 * each table, trigger and function holds, read from the COMMENTs the
 * migrations give them. Throws when one has none, so a new rule cannot go
 * undescribed.
 */
export async function schemaDoc(db: Queryable): Promise<string> {
  // One after another: inside a transaction, PostgreSQL's client takes one query at a time.
  const tables = await db.query<Table>(TABLES);
  const columns = await db.query<Column>(COLUMNS);
  const constraints = await db.query<Named>(CONSTRAINTS);
  const indexes = await db.query<Named>(INDEXES);
  const triggers = await db.query<Named>(TRIGGERS);
  const functions = await db.query<Fn>(FUNCTIONS);
  const catalog = await readCatalog(db);
  const flags = flagReaders(catalog.bodies, triggers);
  const undescribed = [
    ...tables.filter((t) => !t.comment).map((t) => `table ${t.name}`),
    ...triggers.filter((t) => !t.comment).map((t) => `trigger ${t.name} on ${t.table}`),
    ...functions.filter((f) => !f.comment).map((f) => `function ${f.signature}`),
  ];
  if (undescribed.length > 0) {
    throw new Error(`Sem descrição (COMMENT ON … IS '…' numa migração): ${undescribed.join("; ")}`);
  }

  const out: string[] = [
    "# The database as it is now",
    "",
    "Written by `npm run schema:doc` from a database with every migration and definition file applied; do not edit",
    "it by hand. `test/api/schema-doc.test.ts` fails when it is stale. Tables and columns come from the numbered",
    "migrations (`src/server/db/migrations/`); each function and trigger lives in a file of its own, holding its",
    "current body and its `COMMENT` (`src/server/db/functions/`, `src/server/db/triggers/`; decision 046). Each",
    "rule's sentence is that `COMMENT`, and a new table, trigger or function needs one. Under each table, every",
    "event lists the triggers it fires in the order PostgreSQL fires them; the last section follows the main",
    "actions through their consequences.",
    "",
    `${tables.length} tables, ${triggers.length} triggers, ${functions.length} functions.`,
    "",
    "## Live events",
    "",
    "Triggers announce changes with `pg_notify('caravana_events', …)`; the payload's `type` is one of",
    `${NOTIFIED_EVENTS.map(code).join(", ")} (\`src/shared/live-events.ts\`). The server adds`,
    `${code(LIVE_EVENTS.seats)}, ${code(LIVE_EVENTS.resync)} and ${code(LIVE_EVENTS.myRegistrations)} of its own on the pages' streams.`,
    "",
    "## Transaction flags",
    "",
    "The server tells the triggers about the transaction it runs in through settings local to the transaction",
    "(`set_config` with `is_local`), always through `src/server/db/transaction-flags.ts`. Each flag, what it says,",
    "and the triggers that read it (directly, through a function they call, or in their `WHEN`):",
    "",
    "| Flag | Meaning | Read by |",
    "|---|---|---|",
    ...flags.map(
      (f) =>
        `| ${code(f.flag)} | ${cell(TRANSACTION_FLAGS[f.flag])} | ${f.readers.length ? f.readers.join(", ") : "—"} |`,
    ),
    "",
    "## Tables",
  ];
  for (const t of tables) {
    out.push("", `### ${t.name}`, "", t.comment!, "", "| Column | Type | Null | Default |", "|---|---|---|---|");
    for (const c of columns.filter((c) => c.table === t.name)) {
      let value = c.default_value ? code(c.default_value) : "";
      if (c.generated === "s") value = `generated: ${value}`;
      if (c.identity) value = "identity";
      out.push(`| ${c.name} | ${cell(c.type)} | ${c.not_null ? "no" : "yes"} | ${value} |`);
    }
    const rules = [
      ...constraints.filter((k) => k.table === t.name).map((k) => `- ${k.name}: ${code(k.definition)}`),
      ...indexes.filter((i) => i.table === t.name).map((i) => `- ${i.name}: ${code(indexShape(i.definition))}`),
    ];
    if (rules.length > 0) out.push("", "Constraints and indexes:", "", ...rules);
    out.push(...tableEvents(catalog, t.name));
  }
  out.push(
    "",
    "## Functions",
    "",
    "Each in its own file under `src/server/db/functions/`.",
    "",
    "| Function | Language | Rule | File |",
    "|---|---|---|---|",
  );
  for (const f of functions)
    out.push(`| ${code(f.signature)} | ${f.language} | ${cell(f.comment!)} | \`${definitionFileName(f.name)}\` |`);
  out.push(
    "",
    "## What an action sets off",
    "",
    "The statements each action runs, as its module writes them, and what they fire, read from the triggers and",
    "the bodies of their functions (the tables each writes, with the functions it calls). Two levels deep; triggers",
    "whose `WHEN` says `pg_trigger_depth() < 1` do not run inside another trigger and are left out there.",
  );
  for (const action of DOCUMENTED_ACTIONS) {
    out.push("", `### ${action.title}`, "", `Run by \`src/server/${action.module}\`.`);
    const shown = new Set<string>();
    const quiet: string[] = [];
    for (const write of action.writes) {
      const what = `${write.event} ${write.table}${write.columns?.length ? ` SET ${write.columns.join(", ")}` : ""}`;
      const fired = chain(catalog, write, shown);
      if (fired.length) out.push("", `\`${what}\` fires:`, "", ...fired);
      else quiet.push(`\`${what}\``);
    }
    if (quiet.length) out.push("", `${quiet.join(", ")}: no trigger.`);
  }
  return `${out.join("\n")}\n`;
}
