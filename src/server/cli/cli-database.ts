import { setFlagsFromString } from "node:v8";
import { ConfigError, loadConfig, loadDotEnv } from "../config";
import type { Database } from "../db/database";
import { openDatabase } from "../db/open-database";
import { BASELINE_WASM_ONLY } from "../db/pglite/options";

/** Opens the database the server would use (same env), migrated; exits with a clear message on failure. */
export async function openCliDatabase(): Promise<Database> {
  // As the server does (main.ts): a command's PGlite compiled by the optimising compiler as well took about
  // twice the CPU of the whole backup of an empty database (decision 021).
  setFlagsFromString(BASELINE_WASM_ONLY);
  try {
    loadDotEnv();
    const config = loadConfig();
    return await openDatabase(config, { info() {}, warn: (obj, msg) => console.warn(msg ?? "", obj) });
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : (err as Error).message);
    process.exit(1);
  }
}
