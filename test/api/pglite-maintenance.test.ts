import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "../support/test-database";
import { whereClause } from "../../src/server/registrations/registration-filter";
import type { Database } from "../../src/server/db/database";
import { pgliteMaintenance } from "../../src/server/db/pglite/maintenance";

/** Rows "Pessoa Silva <from>" … "Pessoa Silva <to>". */
const insertRows = (db: Database, from: number, to: number) =>
  db.query(
    `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento)
     SELECT 'Pessoa Silva ' || g, 20, '98912345678', 'PIX' FROM generate_series($1::int, $2::int) AS g`,
    [from, to],
  );

/** Name search goes through the trigram index on nome_busca, on either engine. */
async function expectSearchUsesTrigramIndex(db: Database) {
  await db.exec("ANALYZE registrations");
  const where = whereClause({ q: "silva 123", status: "todos" });
  const plan = await db.query<{ "QUERY PLAN": string }>(
    `EXPLAIN SELECT count(*) FROM registrations ${where.sql}`,
    where.params.values,
  );
  expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("registrations_nome_busca_trgm_idx");
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registrations ${where.sql}`,
    where.params.values,
  );
  expect(n).toBe(11); // 123 and 1230..1239
}

describe("PGlite: maintenance (the autovacuum PGlite lacks), the search index and WAL settings", () => {
  let db: Database;
  useFreshDatabase("pglite", (opened) => (db = opened));

  it("vacuums and analyzes a table past autovacuum's thresholds, and leaves it alone afterwards", async () => {
    await insertRows(db, 1, 3000);
    const first = await pgliteMaintenance(db);
    expect(first.vacuumed).toContain("public.registrations");
    expect(first.analyzed).toContain("public.registrations");
    const [stats] = await db.query<{ vacuumed: boolean; analyzed: boolean }>(
      `SELECT last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed
       FROM pg_stat_user_tables WHERE relname = 'registrations'`,
    );
    expect(stats).toEqual({ vacuumed: true, analyzed: true });

    const second = await pgliteMaintenance(db);
    expect(second.vacuumed).not.toContain("public.registrations");
    expect(second.analyzed).not.toContain("public.registrations");
  });

  it("answers a search through the trigram index, not a scan of every row", async () => {
    await insertRows(db, 3001, 5000); // 1 to 5000 with the test above
    await expectSearchUsesTrigramIndex(db);
  });

  it("starts new WAL segments without filling them with zeros (a stall per segment in a surge)", async () => {
    const [row] = await db.query<{ setting: string }>("SELECT current_setting('wal_init_zero') AS setting");
    expect(row.setting).toBe("off");
  });
});

describe("PostgreSQL: the search index", () => {
  let db: Database;
  useFreshDatabase("postgres", (opened) => (db = opened));

  it("answers a search through the trigram index, not a scan of every row", async () => {
    await insertRows(db, 1, 5000);
    await expectSearchUsesTrigramIndex(db);
  });
});
