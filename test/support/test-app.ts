import { OWN_PAYMENT_DETAILS } from "./own-payment-details";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/database";
import { openDatabase } from "../../src/server/db/open-database";
import { lendPglite } from "./lent-pglite";
import { type DbKind, freshDatabaseEnv } from "./test-database";
import { quietLog } from "./quiet-log";

/**
 * The port this worker's last test app listened on, taken again by the next one when no other app of the
 * worker listens: the browser pages that a file leaves idle are then on the next file's site too, and are lent
 * to its tests instead of new ones (lent-pages.ts).
 */
let reusablePort = 0;
let listeningApps = 0;

/** Listens on the worker's reusable port when it is free, else on any port. */
async function listenOnReusablePort(app: FastifyInstance): Promise<number> {
  const host = "127.0.0.1";
  const wanted = listeningApps === 0 ? reusablePort : 0;
  try {
    await app.listen({ port: wanted, host });
  } catch (err) {
    if (wanted === 0 || (err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
    await app.listen({ port: 0, host });
  }
  const { port } = app.server.address() as { port: number };
  if (listeningApps === 0) reusablePort = port;
  listeningApps++;
  return port;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Base URL once listen() was asked for, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real server on a real, empty database of the given kind.
 * `listen: true` opens a port for browsers and SSE; otherwise use app.inject.
 */
export async function startTestApp(
  kind: DbKind,
  opts: { env?: Record<string, string>; listen?: boolean } = {},
): Promise<TestApp> {
  // A test that brings its own database, or opens one its own way, keeps it. Otherwise a PGlite is lent
  // (lent-pglite.ts), and a PostgreSQL database is made (and removed) here.
  const own = ["DATA_DIR", "DATABASE_URL", "CHECKPOINT_INTERVAL_MS"].some((key) => opts.env?.[key] !== undefined);
  const lent = !own && kind === "pglite" ? await lendPglite() : null;
  const fresh = own || lent ? null : await freshDatabaseEnv(kind);
  // An edition's close writes a backup: into a folder of the test's own, never the checkout's backups/.
  const backups = mkdtempSync(join(tmpdir(), "caravana-backups-"));
  // Tests post many registrations from 127.0.0.1, often with one phone; the per-IP and per-phone limits
  // have their own tests with the real defaults (one-phone.test.ts, rate-limit tests).
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    REGISTRATION_RATE_LIMIT: "100000",
    REGISTRATIONS_PER_PHONE: "1000",
    // The panel's logins run hundreds of times here: scrypt at 2^10, not 2^15 (decision 077). The unit tests of
    // password-hash.ts and the servers started as processes keep the production cost.
    PASSWORD_HASH_COST: "10",
    ...OWN_PAYMENT_DETAILS,
    BACKUP_DIR: backups,
    ...fresh?.env,
    ...(lent && { DATA_DIR: lent.dataDir }),
    ...opts.env,
  });
  const db = lent?.db ?? (await openDatabase(config, quietLog));
  // TEST_DIST_DIR lets parallel runs use their own build, since a rebuild swaps the hashed files.
  const app = await buildApp({ config, db, distDir: process.env.TEST_DIST_DIR });
  let baseUrl = "";
  if (opts.listen) {
    baseUrl = `http://127.0.0.1:${await listenOnReusablePort(app)}`;
  } else {
    await app.ready();
  }
  return {
    app,
    db,
    config,
    baseUrl,
    async close() {
      await app.close();
      if (opts.listen) listeningApps--;
      if (lent) await lent.giveBack();
      else await db.close();
      await fresh?.cleanup();
      rmSync(backups, { recursive: true, force: true });
    },
  };
}
