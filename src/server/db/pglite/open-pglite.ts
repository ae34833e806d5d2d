import { PGlite } from "@electric-sql/pglite";
import type { Database, Queryable } from "../database";
import { lockDataDir } from "./data-dir-lock";
import { createDataDirFromTemplate } from "./data-dir-template";
import { pgliteMaintenance } from "./maintenance";
import { PGLITE_OPTIONS, pgdataOf } from "./options";
import { pipelinedQuery } from "./pipelined-query";

interface PgliteOptions {
  dataDir: string;
  checkpointIntervalMs: number;
  onCheckpointError?: (err: unknown) => void;
  onMaintenanceError?: (err: unknown) => void;
  /** An empty DATA_DIR was given its PostgreSQL files, from the build's template, in `ms`. */
  onCreated?: (info: { ms: number }) => void;
}

/**
 * Embedded PostgreSQL in DATA_DIR, in this process. Runs with fsync off: safe
 * against a killed process, not a power cut. One process at a time may open
 * the folder (data-dir-lock.ts).
 */
export async function openPglite(opts: PgliteOptions): Promise<Database> {
  const release = await lockDataDir(opts.dataDir);
  let pg: PGlite;
  try {
    const started = performance.now();
    if (await createDataDirFromTemplate(opts.dataDir))
      opts.onCreated?.({ ms: Math.round(performance.now() - started) });
    pg = await PGlite.create(pgdataOf(opts.dataDir), PGLITE_OPTIONS);
  } catch (err) {
    release();
    throw err;
  }
  const query = pipelinedQuery(pg);

  const base: Queryable = {
    query: async <T>(sql: string, params?: unknown[]) => (await query(sql, params)) as T[],
    exec: async (sql: string) => {
      await pg.exec(sql);
    },
  };

  // A periodic CHECKPOINT keeps the WAL from growing without bound between
  // restarts; VACUUM and ANALYZE stand in for the autovacuum PGlite lacks.
  const timer = setInterval(() => {
    void (async () => {
      await pgliteMaintenance(base).catch((err) => opts.onMaintenanceError?.(err));
      await base.exec("CHECKPOINT").catch((err) => opts.onCheckpointError?.(err));
    })();
  }, opts.checkpointIntervalMs);
  timer.unref();

  let closed = false;
  return {
    kind: "pglite",
    ...base,
    // PGlite holds every other query back while a transaction is open, as a single session must.
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => (await query(sql, params, true)) as T[],
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      ),
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      try {
        await base.exec("CHECKPOINT");
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
