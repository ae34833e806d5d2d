import type { AdminActor } from "../auth/session-repository";
import type { Database, Queryable } from "../db/database";
import { setActor } from "../db/transaction-flags";

/**
 * The database as one person of the panel: every statement runs in a
 * transaction that first names them, so the log triggers (caravana_actor_name, docs/schema.md)
 * write who made the change in the same transaction as the change.
 */
export function actorDatabase(db: Database, actor: Pick<AdminActor, "id" | "nome">): Database {
  const named = async <T>(tx: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    await setActor(tx, actor);
    return fn(tx);
  };
  return {
    kind: db.kind,
    query: (sql, params) => db.transaction((tx) => named(tx, (t) => t.query(sql, params))),
    exec: (sql) => db.transaction((tx) => named(tx, (t) => t.exec(sql))),
    transaction: (fn) => db.transaction((tx) => named(tx, fn)),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
  };
}
