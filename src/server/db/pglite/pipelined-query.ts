import { parse, type PGlite, protocol } from "@electric-sql/pglite";

const serialize = protocol.serialize;
/** SQL texts whose parameter types are kept; the server sends a few dozen distinct ones. */
const MAX_KEPT_TYPES = 500;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A parameterised query in one call into PostgreSQL instead of six, and the
 * only place that uses PGlite's private locking calls.
 *
 * PGlite's query() sends Parse, Describe, Bind, Describe, Execute and Sync
 * as separate calls into the WebAssembly module, so that it can learn the
 * parameter types before it serialises the values (decision 016). The types
 * are learnt once per SQL text and then sent with the Parse, so the values
 * are serialised exactly as query() would, and every statement is still
 * planned for its own values (the statement is unnamed).
 */
export function pipelinedQuery(pg: PGlite) {
  const paramTypes = new Map<string, number[]>();

  async function typesOf(sql: string): Promise<number[]> {
    let types = paramTypes.get(sql);
    if (!types) {
      const described = await pg.execProtocolStream(
        concat([serialize.parse({ text: sql }), serialize.describe({ type: "S" }), serialize.sync()]),
        { syncToFs: false },
      );
      types = parse.parseDescribeStatementResults(described);
      if (paramTypes.size >= MAX_KEPT_TYPES) paramTypes.clear();
      paramTypes.set(sql, types);
    }
    return types;
  }

  async function run(sql: string, params: unknown[]): Promise<unknown[]> {
    const types = await typesOf(sql);
    // As PGlite's query(): the type's serialiser, else the value's text form.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[types[i]];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await pg.execProtocolStream(
      concat([
        serialize.parse({ text: sql, types }),
        serialize.bind({ values: values as string[] }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, pg.parsers)[0]?.rows ?? [];
  }

  /**
   * Same locks as PGlite's own query(): outside a transaction it waits for
   * any open one to end; inside one (inTransaction) it runs within it.
   */
  return (sql: string, params: unknown[] = [], inTransaction = false): Promise<unknown[]> =>
    inTransaction
      ? pg._runExclusiveQuery(() => run(sql, params))
      : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run(sql, params)));
}
