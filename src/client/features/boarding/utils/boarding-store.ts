import type { BoardingList, Mark } from "../../../../shared/boarding";
import { STORAGE_KEYS } from "../../../../shared/constants";

/**
 * What the roll call keeps on the phone, in IndexedDB: the last list read
 * (so the page opens with no signal) and the queue of marks not yet sent.
 * The queue holds ids, times and who made each mark, and survives a reload, a
 * closed tab and an expired session; logging out forgets the list, which has
 * names and phones.
 */

/** Who made a queued mark: another person who logs in on the phone is asked before sending it. */
export interface Author {
  login: string;
  nome: string;
}

export type QueuedAction = (
  | { id: string; tipo: "marca"; marca: Mark }
  | { id: string; tipo: "especie"; inscricao_id: string; feito_em: string }
) & { autor?: Author };

export interface SavedList {
  list: BoardingList;
  /** Server clock minus this phone's clock when the list was read, in ms. */
  clockOffset: number;
}

// Two databases, so that logging out can delete the lists (lib/admin-session.ts) and keep the queue.
const LISTS_DB = STORAGE_KEYS.rollCallLists;
const QUEUE_DB = "caravana-embarque-fila";
const LISTS = "listas";
const QUEUE = "fila";
const LIST_KEY = "atual";

const opening = new Map<string, Promise<IDBDatabase>>();

function database(name: string, store: string, keyPath?: string): Promise<IDBDatabase> {
  let db = opening.get(name);
  if (!db) {
    db = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(store, keyPath ? { keyPath } : undefined);
      req.onsuccess = () => {
        // Logging out deletes the lists: let it, and open again next time.
        req.result.onversionchange = () => {
          req.result.close();
          opening.delete(name);
        };
        resolve(req.result);
      };
      req.onerror = () => reject(req.error);
    }).catch((err) => {
      opening.delete(name);
      throw err;
    });
    opening.set(name, db);
  }
  return db;
}

const listsDb = () => database(LISTS_DB, LISTS);
const queueDb = () => database(QUEUE_DB, QUEUE, "id");

/** One request in its own transaction; resolves once the transaction is durable. */
async function run<T>(
  db: Promise<IDBDatabase>,
  store: string,
  mode: IDBTransactionMode,
  op: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const opened = await db;
  return new Promise<T>((resolve, reject) => {
    const tx = opened.transaction(store, mode, { durability: "strict" });
    const req = op(tx.objectStore(store));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const readSavedList = () => run<SavedList | undefined>(listsDb(), LISTS, "readonly", (s) => s.get(LIST_KEY));
export const saveList = (saved: SavedList) => run(listsDb(), LISTS, "readwrite", (s) => s.put(saved, LIST_KEY));

export const readQueue = () => run<QueuedAction[]>(queueDb(), QUEUE, "readonly", (s) => s.getAll());
export const enqueue = (action: QueuedAction) => run(queueDb(), QUEUE, "readwrite", (s) => s.put(action));

export async function dequeue(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await queueDb();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(QUEUE, "readwrite", { durability: "strict" });
    for (const id of ids) tx.objectStore(QUEUE).delete(id);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}
