import type { Queryable } from "../database";

/**
 * PGlite runs PostgreSQL in single-user mode, so autovacuum never runs.
 * Without VACUUM the visibility map stays empty and no index-only scan
 * applies; without ANALYZE the planner guesses row counts (decision 012).
 * This does what autovacuum would, with its default thresholds, and is cheap
 * when nothing changed.
 */
export async function pgliteMaintenance(db: Queryable): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  // Table statistics reach pg_stat_user_tables lazily; publish them first.
  await db.query("SELECT pg_stat_force_next_flush()");
  const tables = await db.query<{ name: string; vacuum: boolean; analyze: boolean }>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
            s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
              OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) AS vacuum,
            s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS analyze
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`,
  );
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const t of tables) {
    if (t.vacuum) {
      await db.exec(`VACUUM ${t.analyze ? "(ANALYZE) " : ""}${t.name}`);
      vacuumed.push(t.name);
      if (t.analyze) analyzed.push(t.name);
    } else if (t.analyze) {
      await db.exec(`ANALYZE ${t.name}`);
      analyzed.push(t.name);
    }
  }
  return { vacuumed, analyzed };
}
