import { setFlagsFromString } from "node:v8";
import pino from "pino";
import pretty from "pino-pretty";
import { buildApp, loggerOptions } from "./app";
import { ConfigError, loadConfig, loadDotEnv } from "./config";
import { DataDirLockedError } from "./db/pglite/data-dir-lock";
import { openDatabase } from "./db/open-database";
import { BASELINE_WASM_ONLY } from "./db/pglite/options";

/** How long SIGTERM waits for requests in flight before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 5000;

// Before PGlite is loaded, so its WebAssembly is compiled once (decision 021).
setFlagsFromString(BASELINE_WASM_ONLY);

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Lines go out in blocks of about 4 kB, and at least every half second,
  // instead of one hand-off to libuv's pool per line (decision 018). pino
  // writes what is left when the process exits.
  // In development the lines are made readable by pino-pretty, in this thread; production keeps JSON.
  const destination =
    config.NODE_ENV === "development"
      ? pretty({ colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" })
      : pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 500 });
  const log = pino(loggerOptions(config) as pino.LoggerOptions, destination);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase(config, log, { onListenReconnect: () => app?.realtime.resync().catch(() => {}) });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  try {
    app = await buildApp({ config, db, logger: log });
  } catch (err) {
    // A value the environment gave that only the database can judge (a time zone it does not know).
    if (err instanceof ConfigError) {
      console.error(err.message);
      await db.close();
      process.exit(1);
    }
    throw err;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "encerrando: terminando requisições em andamento");
    // A supervisor waits only so long: whatever still runs after the grace period is cut.
    setTimeout(() => {
      log.warn({ graceMs: SHUTDOWN_GRACE_MS }, "encerrado à força: havia requisições ainda em andamento");
      log.flush();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app!.close();
    } finally {
      await db.close();
      log.info("encerrado");
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? "PostgreSQL" : `PGlite em ${config.DATA_DIR}`;
  log.info(`Caravana no ar em http://localhost:${config.PORT} (${where})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
