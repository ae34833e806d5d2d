import { Worker } from "node:worker_threads";
import type { Database, Queryable } from "../database";
import { builtEntry } from "./built-entry";
import { createDataDirIfEmpty } from "./create-data-dir";
import { lockDataDir } from "./data-dir-lock";
import { pgliteMaintenance } from "./maintenance";
import { deserializeError, type WorkerCall, type WorkerMessage } from "./protocol";

interface PgliteOptions {
  dataDir: string;
  checkpointIntervalMs: number;
  onCheckpointError?: (err: unknown) => void;
  onMaintenanceError?: (err: unknown) => void;
  /** An empty DATA_DIR was given its PostgreSQL files; peakMb is what that took, in its own process. */
  onCreated?: (info: { peakMb: number; ms: number }) => void;
}

function startWorker(dataDir: string): Promise<Worker> {
  const worker = new Worker(builtEntry("pglite-worker.js"), { workerData: { dataDir } });
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      void worker.terminate();
      reject(err);
    };
    worker.once("error", fail);
    worker.once("exit", (code) => reject(new Error(`PGlite terminou ao abrir (código ${code})`)));
    worker.once("message", (msg: WorkerMessage) => {
      worker.off("error", fail);
      worker.removeAllListeners("exit");
      if ("ready" in msg && msg.ready) resolve(worker);
      else fail("ready" in msg ? deserializeError(msg.error) : new Error("PGlite respondeu fora de ordem ao abrir"));
    });
  });
}

/**
 * Embedded Postgres in DATA_DIR, on a worker thread (worker.ts) so its
 * synchronous WebAssembly does not hold up HTTP. Runs with fsync off: safe
 * against a killed process, not a power cut.
 */
export async function openPglite(opts: PgliteOptions): Promise<Database> {
  const release = await lockDataDir(opts.dataDir);
  let worker: Worker;
  try {
    const started = performance.now();
    const created = await createDataDirIfEmpty(opts.dataDir);
    if (created) opts.onCreated?.({ ...created, ms: Math.round(performance.now() - started) });
    worker = await startWorker(opts.dataDir);
  } catch (err) {
    release();
    throw err;
  }

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | null = null;
  // An idle worker must not keep a finished script alive; a pending call must.
  worker.unref();

  worker.on("message", (msg: WorkerMessage) => {
    if ("notify" in msg) {
      for (const listener of listeners.get(msg.notify) ?? []) listener(msg.payload);
      return;
    }
    if (!("id" in msg)) return;
    const call = pending.get(msg.id);
    if (!call) return;
    pending.delete(msg.id);
    if (pending.size === 0) worker.unref();
    if (msg.ok) call.resolve(msg.value);
    else call.reject(deserializeError(msg.error));
  });
  const failAll = (err: Error) => {
    failure ??= err;
    for (const call of pending.values()) call.reject(failure);
    pending.clear();
  };
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`PGlite parou (código ${code})`)));

  const call = <T>(request: WorkerCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });

  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params?: unknown[]) => call<T[]>({ op: "query", sql, params, tx }),
    exec: (sql: string) => call<void>({ op: "exec", sql, tx }),
  });
  const base = queryable();

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
    async transaction(fn) {
      const tx = await call<number>({ op: "begin" });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(queryable(tx));
      } catch (err) {
        await call({ op: "end", tx, commit: false });
        throw err;
      }
      await call({ op: "end", tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call({ op: "listen", channel });
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size > 0 || closed || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await call({ op: "unlisten", channel });
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      try {
        await base.exec("CHECKPOINT");
        await call({ op: "close" });
      } finally {
        await worker.terminate();
        release();
      }
    },
  };
}
