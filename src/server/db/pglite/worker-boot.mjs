// Entry of the PGlite worker thread (open-pglite.ts). Node 20 does not
// pass `--import tsx` on to worker threads, so the worker registers tsx itself
// before it loads the TypeScript module.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
