/** What the rest of the server needs from a database: PGlite and PostgreSQL both provide it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const EVENTS_CHANNEL = "caravana_events";

/** Answers once the database does: the health check's whole question. */
export async function ping(db: Queryable): Promise<void> {
  await db.query("SELECT 1");
}
