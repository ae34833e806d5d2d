// Messages between the server thread and the thread that runs PGlite
// (open-pglite.ts and worker.ts).

export type WorkerRequest =
  | { id: number; op: "query"; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: "exec"; sql: string; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string }
  | { id: number; op: "close" };

/** What any request leaves out: its id, which the sender adds. */
export type WorkerCall = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

export type WorkerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { notify: string; payload: string }
  | { ready: true }
  | { ready: false; error: SerializedError };

/** An error's message and its own fields (PostgreSQL's code, constraint, detail...). */
export type SerializedError = { message: string; name: string } & Record<string, unknown>;

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), name: "Error" };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // The failed query's parameters can hold personal data; they stay in the worker.
    if (key === "params" || key === "queryOptions") continue;
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, message: err.message, name: err.name };
}

export function deserializeError(data: SerializedError): Error {
  const err = new Error(data.message);
  Object.assign(err, data);
  return err;
}
