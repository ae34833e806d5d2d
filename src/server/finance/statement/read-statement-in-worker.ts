import { Worker } from "node:worker_threads";
import { builtEntry } from "../../built-entry";
import type { SavedColumns, StatementRead } from "./read-statement";
import { StatementError } from "./statement-line";

/** Past this a file is no bank's export: its reading is stopped, whatever it holds. */
export const STATEMENT_TIME_LIMIT_MS = 5_000;

export const STATEMENT_TOO_SLOW =
  "Este arquivo demorou demais para ser lido e foi recusado. Exporte o extrato de novo, em OFX ou CSV, direto do app do banco.";
const TOO_HEAVY = "Este arquivo é pesado demais para ser lido. Exporte um período menor.";

/**
 * readStatement in a worker thread that is stopped after the time limit, so
 * no file, however crafted, holds the server's thread (docs/decisions/039).
 * The parsers are linear; this is the bound on top of them.
 */
export function readStatementInWorker(
  bytes: Uint8Array,
  options: { columns?: SavedColumns; saved: SavedColumns[]; today: string },
  limitMs = STATEMENT_TIME_LIMIT_MS,
): Promise<StatementRead> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(builtEntry("statement-worker.js"), {
      workerData: { bytes, options },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new StatementError(STATEMENT_TOO_SLOW))), limitMs);
    worker.once("message", (m: { ok: true; read: StatementRead } | { ok: false; message?: string; crash?: string }) =>
      settle(() => (m.ok ? resolve(m.read) : reject(m.message ? new StatementError(m.message) : new Error(m.crash)))),
    );
    worker.once("error", (err: Error & { code?: string }) =>
      settle(() => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? new StatementError(TOO_HEAVY) : err)),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`leitura do extrato terminou com código ${code}`))));
  });
}
