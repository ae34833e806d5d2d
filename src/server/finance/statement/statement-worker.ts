import { parentPort, workerData } from "node:worker_threads";
import { readStatement } from "./read-statement";
import { StatementError } from "./statement-line";

/** Reads one statement file off the server's thread (read-statement-in-worker.ts starts it). */
try {
  parentPort!.postMessage({ ok: true, read: readStatement(workerData.bytes, workerData.options) });
} catch (err) {
  parentPort!.postMessage(
    err instanceof StatementError ? { ok: false, message: err.message } : { ok: false, crash: String(err) },
  );
}
