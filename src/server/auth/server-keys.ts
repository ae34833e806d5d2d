import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/database";

const cache = new WeakMap<object, Map<string, string>>();

/**
 * A secret of the server's own, made by the first instance that needs it and
 * kept in app_settings, so every instance on one database uses the same one.
 * `make` draws a new value. Read once per database and process.
 */
export async function serverKey(
  db: Queryable,
  name: string,
  make: () => string = () => randomBytes(32).toString("base64url"),
): Promise<string> {
  const known = cache.get(db) ?? new Map<string, string>();
  cache.set(db, known);
  const cached = known.get(name);
  if (cached) return cached;
  // Two instances at their first start: one INSERT wins, both read it.
  await db.query("INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [name, make()]);
  const [{ value }] = await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [name]);
  known.set(name, value);
  return value;
}
