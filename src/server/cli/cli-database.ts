import { ConfigError, loadConfig, loadDotEnv } from "../config";
import type { Database } from "../db/database";
import { openDatabase } from "../db/open-database";

/** Opens the database the server would use (same env), migrated; exits with a clear message on failure. */
export async function openCliDatabase(): Promise<Database> {
  try {
    loadDotEnv();
    const config = loadConfig();
    return await openDatabase(config, { info() {}, warn: (obj, msg) => console.warn(msg ?? "", obj) });
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : (err as Error).message);
    process.exit(1);
  }
}
