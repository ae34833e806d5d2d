import type { Config } from "../config";
import type { Database } from "./database";
import { migrate } from "./migrate";
import { openPglite } from "./pglite/open-pglite";
import { openPostgres } from "./postgres-database";

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR; migrated before it is returned. */
export async function openDatabase(
  config: Pick<Config, "DATABASE_URL" | "DATA_DIR" | "CHECKPOINT_INTERVAL_MS">,
  log: Logger,
  hooks: { onListenReconnect?: () => void } = {},
): Promise<Database> {
  const db = config.DATABASE_URL
    ? await openPostgres({
        url: config.DATABASE_URL,
        onListenError: (err) => log.warn({ err }, "conexão LISTEN caiu; reconectando"),
        onListenReconnect: hooks.onListenReconnect,
      })
    : await openPglite({
        dataDir: config.DATA_DIR,
        checkpointIntervalMs: config.CHECKPOINT_INTERVAL_MS,
        onCheckpointError: (err) => log.warn({ err }, "CHECKPOINT falhou"),
        onMaintenanceError: (err) => log.warn({ err }, "VACUUM/ANALYZE periódico falhou"),
        onCreated: (info) => log.info(info, "banco criado em DATA_DIR a partir do modelo da build"),
      });
  try {
    const applied = await migrate(db);
    if (applied.migrations.length) log.info({ applied: applied.migrations }, "migrações aplicadas");
    if (applied.definitions.length) log.info({ count: applied.definitions.length }, "funções e gatilhos aplicados");
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
