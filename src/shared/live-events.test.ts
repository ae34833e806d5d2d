import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIVE_EVENTS, NOTIFIED_EVENTS } from "./live-events";

const MIGRATIONS = join(import.meta.dirname, "../server/db/migrations");

/** The `type` names each migration's pg_notify calls can send, plain or chosen by a CASE. */
function notifiedNames(sql: string): { calls: number; names: string[] } {
  const names: string[] = [];
  const found = [
    ...sql.matchAll(
      /pg_notify\(\s*'caravana_events'\s*,\s*json_build_object\(\s*'type'\s*,\s*(CASE[\s\S]*?\bEND\b|'[^']*')/g,
    ),
  ];
  for (const [, type] of found) {
    if (type.startsWith("'")) names.push(type.slice(1, -1));
    else for (const [, name] of type.matchAll(/\b(?:THEN|ELSE)\s+'([^']+)'/g)) names.push(name);
  }
  return { calls: found.length, names };
}

describe("live event names", () => {
  const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql"));

  it("has every name the migrations send with NOTIFY in shared/live-events.ts", () => {
    const sent = new Set<string>();
    for (const file of files) {
      const sql = readFileSync(join(MIGRATIONS, file), "utf8");
      const { calls, names } = notifiedNames(sql);
      // A call written another way would be skipped silently: every pg_notify must be read.
      expect(calls, `${file}: pg_notify calls read`).toBe(sql.match(/pg_notify\(/g)?.length ?? 0);
      for (const n of names) sent.add(n);
    }
    expect([...sent].filter((n) => !(NOTIFIED_EVENTS as readonly string[]).includes(n))).toEqual([]);
    expect([...NOTIFIED_EVENTS].filter((n) => !sent.has(n))).toEqual([]);
  });

  it("reads a CASE among the names, and refuses a name that is not in the list", () => {
    const sql = `PERFORM pg_notify('caravana_events', json_build_object(
      'type', CASE TG_OP WHEN 'INSERT' THEN 'registration-inserted' ELSE 'registration-gone' END, 'ids', ids)::text);`;
    const { names } = notifiedNames(sql);
    expect(names).toEqual(["registration-inserted", "registration-gone"]);
    expect(names.filter((n) => !(NOTIFIED_EVENTS as readonly string[]).includes(n))).toEqual(["registration-gone"]);
  });

  it("gives each name once", () => {
    const values = Object.values(LIVE_EVENTS);
    expect(new Set(values).size).toBe(values.length);
  });
});
