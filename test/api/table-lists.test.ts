import { describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/database";
import { KEPT_ACROSS_EDITIONS, EDITION_TABLES } from "../../src/server/editions/close-edition";
import { BACKUP_TABLES, NOT_BACKED_UP } from "../../src/server/maintenance/backup";
import { PURGE_DELETES, PURGE_OTHERS } from "../../src/server/maintenance/purge";
import { RESTORE_OVERWRITES } from "../../src/server/maintenance/restore";
import { useFreshDatabase } from "../support/test-database";

/**
 * The hand-written table lists of the backup, the restore, the close and the purge follow
 * the schema (the restore finds its sequences in the schema itself): a new table fails here until each says what it does with it.
 */
describe("the table lists follow the schema", () => {
  let db: Database;
  useFreshDatabase("pglite", (d) => {
    db = d;
  });

  const tables = async () =>
    (
      await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).map((r) => r.table_name);

  /** Each table in exactly one of the two lists, and nothing listed that is not a table. */
  function partition(all: string[], a: readonly string[], b: readonly string[]) {
    const both = a.filter((t) => b.includes(t));
    const neither = all.filter((t) => !a.includes(t) && !b.includes(t));
    const unknown = [...a, ...b].filter((t) => !all.includes(t));
    return { both, neither, unknown };
  }

  it("backs up every table, or says why not", async () => {
    const all = await tables();
    expect(all.length).toBeGreaterThan(30);
    expect(partition(all, BACKUP_TABLES, Object.keys(NOT_BACKED_UP))).toEqual({ both: [], neither: [], unknown: [] });
  });

  it("empties or keeps every table at the edition's close", async () => {
    const all = await tables();
    expect(partition(all, EDITION_TABLES, Object.keys(KEPT_ACROSS_EDITIONS))).toEqual({
      both: [],
      neither: [],
      unknown: [],
    });
  });

  it("restores over the rows a migration already wrote, in backed-up tables with a key", async () => {
    for (const table of RESTORE_OVERWRITES) {
      expect(BACKUP_TABLES, table).toContain(table);
      const [{ keyed }] = await db.query<{ keyed: boolean }>(
        "SELECT EXISTS (SELECT 1 FROM pg_index WHERE indrelid = $1::regclass AND indisprimary) AS keyed",
        [table],
      );
      expect(keyed, table).toBe(true);
    }
    // A backed-up table that holds rows on a database just migrated would refuse its restored twin.
    for (const table of BACKUP_TABLES) {
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      if (n > 0) expect(RESTORE_OVERWRITES, table).toContain(table);
    }
  });

  it("deletes or says what it does with every table at the purge", async () => {
    const all = await tables();
    expect(partition(all, PURGE_DELETES, Object.keys(PURGE_OTHERS))).toEqual({ both: [], neither: [], unknown: [] });
  });
});
