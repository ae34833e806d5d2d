// PGlite on its own thread, driven by open-pglite.ts. PostgreSQL compiled
// to WebAssembly runs synchronously: on the server's thread every query
// stopped HTTP (parsing, validation, answers) for as long as it ran.

import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { PGLITE_OPTIONS, pgdataOf } from "./options";
import { pipelinedQuery } from "./pipelined-query";
import { serializeError, type WorkerMessage, type WorkerRequest } from "./protocol";

const port = parentPort;
if (!port) throw new Error("worker.ts roda só como worker thread");
const { dataDir } = workerData as { dataDir: string };

const send = (message: WorkerMessage) => port.postMessage(message);

interface OpenTransaction {
  tx: Transaction;
  decide: (commit: boolean) => void;
  ended: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;
const unlisteners = new Map<string, () => Promise<void>>();

/**
 * Opens a transaction and keeps it open until "end" decides it. PGlite's own
 * lock holds every other query back meanwhile, as a single session must.
 */
function begin(pg: PGlite): Promise<number> {
  return new Promise((resolve, reject) => {
    const id = nextTransaction++;
    let decide: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((r) => (decide = r));
    let started = false;
    const ended = pg.transaction(async (tx) => {
      started = true;
      transactions.set(id, { tx, decide, ended });
      resolve(id);
      if (!(await decided)) await tx.rollback();
    });
    ended.catch((err) => {
      if (!started) reject(err);
    });
  });
}

async function end(id: number, commit: boolean): Promise<null> {
  const open = transactions.get(id);
  if (!open) throw new Error(`transação ${id} não está aberta`);
  transactions.delete(id);
  open.decide(commit);
  await open.ended;
  return null;
}

function openTransaction(tx: number): Transaction {
  const open = transactions.get(tx);
  if (!open) throw new Error(`transação ${tx} não está aberta`);
  return open.tx;
}

const target = (pg: PGlite, tx: number | undefined): Pick<PGlite, "exec"> =>
  tx === undefined ? pg : openTransaction(tx);

async function handle(pg: PGlite, query: ReturnType<typeof pipelinedQuery>, req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case "query":
      // A query for a transaction runs inside it, which must still be open.
      if (req.tx !== undefined) openTransaction(req.tx);
      return query(req.sql, req.params, req.tx !== undefined);
    case "exec":
      await target(pg, req.tx).exec(req.sql);
      return null;
    case "begin":
      return begin(pg);
    case "end":
      return end(req.tx, req.commit);
    case "listen":
      if (!unlisteners.has(req.channel)) {
        unlisteners.set(req.channel, await pg.listen(req.channel, (payload) => send({ notify: req.channel, payload })));
      }
      return null;
    case "unlisten":
      await unlisteners.get(req.channel)?.();
      unlisteners.delete(req.channel);
      return null;
    case "close":
      await pg.close();
      return null;
  }
}

PGlite.create(pgdataOf(dataDir), PGLITE_OPTIONS).then(
  (pg) => {
    const query = pipelinedQuery(pg);
    port.on("message", (req: WorkerRequest) => {
      handle(pg, query, req).then(
        (value) => send({ id: req.id, ok: true, value }),
        (err: unknown) => send({ id: req.id, ok: false, error: serializeError(err) }),
      );
    });
    send({ ready: true });
  },
  (err: unknown) => send({ ready: false, error: serializeError(err) }),
);
