import type { Queryable } from "./database";
import { definitionFileName } from "./definitions";

/*
 * "What happens when", read from the database: for each table and event, the
 * triggers in the order PostgreSQL fires them; for an action of the product,
 * the chain of its consequences. A trigger's effects are read from its
 * function's body and the bodies of the functions it calls: the tables it
 * writes and the events it announces (decision 047).
 */

export type TableEvent = "INSERT" | "UPDATE" | "DELETE" | "TRUNCATE";
const EVENTS: TableEvent[] = ["INSERT", "UPDATE", "DELETE", "TRUNCATE"];

export interface TriggerInfo {
  table: string;
  name: string;
  fn: string;
  tgtype: number;
  /** UPDATE OF these columns only; empty for any update. */
  columns: string[];
  whenClause: string | null;
  comment: string;
}

const TRIGGERS = `SELECT c.relname AS table, t.tgname AS name, p.proname AS fn, t.tgtype::int AS tgtype,
       coalesce((SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(t.tgattr) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = k.attnum), '{}') AS columns,
       substring(pg_get_triggerdef(t.oid) FROM ' WHEN \\((.*)\\) EXECUTE ') AS "whenClause",
       coalesce(obj_description(t.oid, 'pg_trigger'), '') AS comment
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_proc p ON p.oid = t.tgfoid
  WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY c.relname, t.tgname`;
// By name: a function file applied again moves its row in pg_proc, and the order of the consequences the doc
// lists must not follow it.
const BODIES = `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  ORDER BY p.proname`;

// pg_trigger.tgtype's bits (src/include/catalog/pg_trigger.h).
const ROW = 1;
const BEFORE = 2;
const EVENT_BITS: Record<TableEvent, number> = { INSERT: 4, DELETE: 8, UPDATE: 16, TRUNCATE: 32 };

const fires = (t: TriggerInfo, event: TableEvent, setColumns: string[] | null) =>
  (t.tgtype & EVENT_BITS[event]) !== 0 &&
  (event !== "UPDATE" ||
    t.columns.length === 0 ||
    setColumns === null ||
    t.columns.some((c) => setColumns.includes(c)));

/** PostgreSQL's order: BEFORE each statement, BEFORE each row, AFTER each row, AFTER each statement; by name within each. */
const stage = (t: TriggerInfo) => (t.tgtype & BEFORE ? (t.tgtype & ROW ? 1 : 0) : t.tgtype & ROW ? 2 : 3);

export function timing(t: TriggerInfo, event: TableEvent): string {
  const parts = [`${t.tgtype & BEFORE ? "before" : "after"}, each ${t.tgtype & ROW ? "row" : "statement"}`];
  if (event === "UPDATE" && t.columns.length)
    parts.push(`only when ${t.columns.join(", ")} ${t.columns.length === 1 ? "is" : "are"} set`);
  if (t.whenClause) parts.push(`when ${t.whenClause}`);
  return parts.join("; ");
}

export const triggerFiles = (t: TriggerInfo) =>
  `\`triggers/${definitionFileName(t.name)}\`, \`functions/${definitionFileName(t.fn)}\``;

/** The triggers a statement fires, in firing order; `setColumns` null means any UPDATE. */
export function fired(triggers: TriggerInfo[], table: string, event: TableEvent, setColumns: string[] | null = null) {
  return triggers
    .filter((t) => t.table === table && fires(t, event, setColumns))
    .sort((a, b) => stage(a) - stage(b) || a.name.localeCompare(b.name));
}

export interface Write {
  table: string;
  event: TableEvent;
  columns: string[] | null;
}

const withoutComments = (body: string) => body.replace(/--[^\n]*/g, "");

/** The columns an UPDATE's SET list names: "a = 1, b = CASE … END" → [a, b]. */
export function setList(text: string): string[] {
  const set = /\bSET\s+([\s\S]*?)(?:\bWHERE\b|\bFROM\b|\bRETURNING\b|;|$)/i.exec(text);
  if (!set) return [];
  let depth = 0;
  let current = "";
  const assignments: string[] = [];
  for (const ch of set[1]) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      assignments.push(current);
      current = "";
    } else current += ch;
  }
  assignments.push(current);
  return assignments.map((a) => /^\s*([a-z_]+)\s*=/i.exec(a)?.[1]).filter((c): c is string => !!c);
}

/** The writes and announcements a function makes itself. */
function ownEffects(body: string, tables: Set<string>): { writes: Write[]; notifies: boolean } {
  const text = withoutComments(body);
  const writes: Write[] = [];
  for (const m of text.matchAll(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE)\s+([a-z_]+)/gi)) {
    const table = m[2];
    if (!tables.has(table)) continue;
    const verb = m[1].toUpperCase().split(/\s+/)[0] as TableEvent;
    const columns = verb === "UPDATE" ? setList(text.slice((m.index ?? 0) + m[0].length)) : null;
    if (!writes.some((w) => w.table === table && w.event === verb && String(w.columns) === String(columns)))
      writes.push({ table, event: verb, columns });
  }
  return { writes, notifies: /pg_notify\s*\(/.test(text) };
}

export interface Catalog {
  triggers: TriggerInfo[];
  /** Every function of the schema with its body, by name. */
  bodies: { name: string; body: string }[];
  /** Each function's writes and announcements, with those of the functions it calls. */
  effects: Map<string, { writes: Write[]; notifies: boolean }>;
}

export async function readCatalog(db: Queryable): Promise<Catalog> {
  const triggers = await db.query<TriggerInfo>(TRIGGERS);
  const bodies = await db.query<{ name: string; body: string }>(BODIES);
  const tables = new Set(
    (await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).map(
      (r) => r.name,
    ),
  );
  const own = new Map(bodies.map((b) => [b.name, ownEffects(b.body, tables)]));
  const calls = new Map(
    bodies.map((b) => [
      b.name,
      bodies
        .filter((o) => o.name !== b.name && new RegExp(`\\b${o.name}\\s*\\(`).test(withoutComments(b.body)))
        .map((o) => o.name),
    ]),
  );
  const effects = new Map<string, { writes: Write[]; notifies: boolean }>();
  for (const b of bodies) {
    const seen = new Set([b.name]);
    const queue = [b.name];
    const writes: Write[] = [];
    let notifies = false;
    while (queue.length) {
      const name = queue.shift() as string;
      const e = own.get(name);
      if (e) {
        notifies ||= e.notifies;
        for (const w of e.writes)
          if (
            !writes.some((x) => x.table === w.table && x.event === w.event && String(x.columns) === String(w.columns))
          )
            writes.push(w);
      }
      for (const c of calls.get(name) ?? []) {
        if (seen.has(c)) continue;
        seen.add(c);
        queue.push(c);
      }
    }
    effects.set(b.name, { writes, notifies });
  }
  return { triggers, bodies, effects };
}

/** Per table: each event with the triggers it fires, in order. */
export function tableEvents(catalog: Catalog, table: string): string[] {
  const out: string[] = [];
  for (const event of EVENTS) {
    const list = fired(catalog.triggers, table, event);
    if (list.length === 0) continue;
    out.push("", `**${event}** fires, in this order:`, "");
    out.push(...list.map((t, i) => `${i + 1}. ${t.name} (${timing(t, event)}): ${t.comment} ${triggerFiles(t)}`));
  }
  return out;
}

const describeWrite = (w: Write) =>
  `${w.event} ${w.table}${w.event === "UPDATE" && w.columns?.length ? ` (${w.columns.join(", ")})` : ""}`;

/** A statement's consequences: the triggers it fires, what each writes, and what those writes fire, to `maxDepth`. */
export function chain(catalog: Catalog, write: Write, shown = new Set<string>(), depth = 0, maxDepth = 2): string[] {
  const indent = "  ".repeat(depth * 2);
  const lines: string[] = [];
  const again: string[] = [];
  for (const t of fired(catalog.triggers, write.table, write.event, write.columns)) {
    // Inside another trigger these do not run.
    if (depth > 0 && t.whenClause?.includes("pg_trigger_depth() < 1")) continue;
    if (shown.has(t.name)) {
      again.push(t.name);
      continue;
    }
    shown.add(t.name);
    lines.push(`${indent}- ${t.name}: ${t.comment}`);
    const effect = catalog.effects.get(t.fn);
    if (!effect) continue;
    if (effect.writes.some((w) => w.table === "activity_log")) lines.push(`${indent}  - writes the activity log`);
    if (effect.notifies) lines.push(`${indent}  - announces on caravana_events`);
    for (const w of mergeUpdates(effect.writes.filter((w) => w.table !== "activity_log"))) {
      const next = depth < maxDepth ? chain(catalog, w, shown, depth + 1, maxDepth) : [];
      lines.push(`${indent}  - ${describeWrite(w)}${next.length ? ", which fires:" : ""}`, ...next);
    }
  }
  if (again.length) lines.push(`${indent}- and, as above: ${again.join(", ")}`);
  return lines;
}

/** A function's UPDATEs of one table as one, with every column any of them sets. */
function mergeUpdates(writes: Write[]): Write[] {
  const out: Write[] = [];
  for (const w of writes) {
    const same = out.find((o) => o.table === w.table && o.event === w.event);
    if (!same) out.push({ ...w, columns: w.columns && [...w.columns] });
    else if (w.event === "UPDATE") same.columns = [...new Set([...(same.columns ?? []), ...(w.columns ?? [])])];
  }
  return out;
}
