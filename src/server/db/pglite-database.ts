import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Database, Queryable } from "./database";
import { lockDataDir } from "./data-dir-lock";
import { pgliteMaintenance } from "./pglite-maintenance";

interface PgliteOptions {
  dataDir: string;
  checkpointIntervalMs: number;
  onCheckpointError?: (err: unknown) => void;
  onMaintenanceError?: (err: unknown) => void;
}

function wrap(q: Pick<PGlite, "query" | "exec">): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/** Embedded Postgres in DATA_DIR. Runs with fsync off: safe against a killed process, not a power cut. */
export async function openPglite(opts: PgliteOptions): Promise<Database> {
  const release = lockDataDir(opts.dataDir);
  let pg: PGlite;
  try {
    // pg_trgm backs the name search index (migration 005).
    pg = await PGlite.create(join(opts.dataDir, "pgdata"), { extensions: { pg_trgm } });
  } catch (err) {
    release();
    throw err;
  }
  // A periodic CHECKPOINT keeps the WAL from growing without bound between
  // restarts; VACUUM and ANALYZE stand in for the autovacuum PGlite lacks.
  const timer = setInterval(() => {
    void (async () => {
      await pgliteMaintenance(wrap(pg)).catch((err) => opts.onMaintenanceError?.(err));
      await pg.exec("CHECKPOINT").catch((err) => opts.onCheckpointError?.(err));
    })();
  }, opts.checkpointIntervalMs);
  timer.unref();

  let closed = false;
  const base = wrap(pg);
  return {
    kind: "pglite",
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      const unsubscribe = await pg.listen(channel, onPayload);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      try {
        await pg.exec("CHECKPOINT");
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
