import type { BoardingList, Mark } from "../../../shared/boarding";

/**
 * What the roll call keeps on the phone, in IndexedDB: the last list read
 * (so the page opens with no signal) and the queue of marks not yet sent.
 * The queue holds ids and times only, and survives a reload, a closed tab and
 * an expired session; logging out forgets the list, which has names and phones.
 */

export type QueuedAction =
  | { id: string; tipo: "marca"; marca: Mark }
  | { id: string; tipo: "especie"; inscricao_id: string; feito_em: string };

export interface SavedList {
  list: BoardingList;
  /** Server clock minus this phone's clock when the list was read, in ms. */
  clockOffset: number;
}

const DB_NAME = "caravana-embarque";
const LISTS = "listas";
const QUEUE = "fila";
const LIST_KEY = "atual";

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(LISTS);
      req.result.createObjectStore(QUEUE, { keyPath: "id" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }).catch((err) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** One request in its own transaction; resolves once the transaction is durable. */
async function run<T>(store: string, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode, { durability: "strict" });
    const req = op(tx.objectStore(store));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const readSavedList = () => run<SavedList | undefined>(LISTS, "readonly", (s) => s.get(LIST_KEY));
export const saveList = (saved: SavedList) => run(LISTS, "readwrite", (s) => s.put(saved, LIST_KEY));
export const forgetList = () => run(LISTS, "readwrite", (s) => s.delete(LIST_KEY));

export const readQueue = () => run<QueuedAction[]>(QUEUE, "readonly", (s) => s.getAll());
export const enqueue = (action: QueuedAction) => run(QUEUE, "readwrite", (s) => s.put(action));

export async function dequeue(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await database();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(QUEUE, "readwrite", { durability: "strict" });
    for (const id of ids) tx.objectStore(QUEUE).delete(id);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}
