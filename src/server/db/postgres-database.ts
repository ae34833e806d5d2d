import pg from "pg";
import type { Database, Queryable } from "./database";

// int8 (count(*), sums) as numbers: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** The longest a statement may run; PGlite cannot interrupt one, so there no query may be unbounded (decision 032). */
export const STATEMENT_TIMEOUT_MS = 10_000;

interface PostgresOptions {
  url: string;
  maxConnections?: number;
  onListenError?: (err: unknown) => void;
  onListenReconnect?: () => void;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query(sql, params as unknown[])).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export async function openPostgres(opts: PostgresOptions): Promise<Database> {
  // No statement may hold the database for long (a panel list, a flood of searches); migrations lift it for themselves.
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.maxConnections ?? 10,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // No LLVM compiling: the planner overestimates joins of a trigger's transition tables, and compiling the log's
    // statement cost more than running it (decision 071). Set on each new connection before the pool hands it
    // out (a query sent while another runs is deprecated in pg 8, to be refused in pg 9), and as a SET, so that
    // options given in DATABASE_URL or PGOPTIONS still apply.
    onConnect: async (client) => {
      await client.query("SET jit = off");
    },
  });
  pool.on("error", () => {}); // an idle client dropped by the server: the pool replaces it
  await pool.query("SELECT 1");

  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: opts.url });
    client.on("notification", (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    client.on("error", (err) => {
      opts.onListenError?.(err);
      scheduleReconnect();
    });
    client.on("end", () => scheduleReconnect());
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`LISTEN "${channel}"`);
    listenClient = client;
  }

  // A dropped LISTEN connection is re-opened; the caller resyncs, since NOTIFYs sent meanwhile are lost.
  function scheduleReconnect(delay = 500): void {
    if (closed || reconnectTimer) return;
    listenClient = null;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      try {
        await connectListener();
        opts.onListenReconnect?.();
      } catch (err) {
        opts.onListenError?.(err);
        scheduleReconnect(Math.min(delay * 2, 10_000));
      }
    }, delay);
  }

  return {
    kind: "postgres",
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        if (listenClient) await listenClient.query(`LISTEN "${channel}"`);
      }
      set.add(onPayload);
      if (!listenClient) await connectListener();
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      const client = listenClient;
      listenClient = null;
      if (client) {
        client.removeAllListeners("end");
        await client.end().catch(() => {});
      }
      await pool.end();
    },
  };
}
