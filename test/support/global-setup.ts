import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/open-database";
import { startPostgres } from "./postgres-server";
import { enterRunScratch } from "./scratch-dir";
import { quietLog } from "./quiet-log";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A migrated PostgreSQL database that each test's database is created from (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
    /** A migrated PGlite DATA_DIR, closed, that each test's folder is copied from. */
    pgliteTemplateDir: string;
  }
}

const POSTGRES_TEMPLATE = "caravana_migrada";

interface Prepared {
  postgresUrl: string;
  pgliteDir: string;
  stop(): void;
}

/** The two migrated databases that each test's database is copied from. */
async function migrateTemplates(postgresUrl: string, pgliteDir: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const databases = await Promise.all([
    openDatabase(
      {
        DATABASE_URL: postgresUrl.replace(/\/postgres$/, `/${POSTGRES_TEMPLATE}`),
        DATA_DIR: "",
        CHECKPOINT_INTERVAL_MS: 60_000,
      },
      quietLog,
    ),
    openDatabase({ DATA_DIR: pgliteDir, CHECKPOINT_INTERVAL_MS: 60_000 }, quietLog),
  ]);
  await Promise.all(databases.map((db) => db.close()));
}

/** Whether dist/server is older than a source it is compiled from, or incomplete. */
function serverBuildStale(): boolean {
  let built: number;
  try {
    // The build's last file: a build that stopped halfway has none.
    built = statSync("dist/server/pgdata-template.tar.gz").mtimeMs;
  } catch {
    return true;
  }
  const sources = [
    "scripts/build-server.mjs",
    ...["src/server", "src/shared"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => join(dir, f)),
    ),
  ];
  return sources.some((f) => statSync(f).mtimeMs > built);
}

/** The build, the run's scratch folder, the PostgreSQL server and the two migrated databases. */
async function prepare(): Promise<Prepared> {
  // Tests that start the server as a process run dist/server: compiled from the current sources. `npm test` has
  // just built it, and a second build would cost the run's start about 2.6 s.
  if (serverBuildStale()) execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  const scratch = enterRunScratch();
  try {
    const server = await startPostgres();
    try {
      const pgliteDir = mkdtempSync(join(tmpdir(), "caravana-pglite-modelo-"));
      await migrateTemplates(server.url, pgliteDir);
      return {
        postgresUrl: server.url,
        pgliteDir,
        stop() {
          try {
            server.stop();
          } finally {
            scratch.leave();
          }
        },
      };
    } catch (err) {
      server.stop();
      throw err;
    }
  } catch (err) {
    scratch.leave();
    throw err;
  }
}

// The API and browser projects each name this set-up, and Vitest runs both in its one main process,
// one after the other: the second project uses what the first prepared (about 5 s a run).
const shared = globalThis as { caravanaTestSetup?: Promise<Prepared>; caravanaTestProjects?: number };

/**
 * One PostgreSQL server for the whole run, and one migrated database of each
 * engine: a test's fresh database is a copy of it, not 29 migrations from
 * empty (about a second each time, some 190 times a run).
 */
export default async function setup(project: TestProject) {
  shared.caravanaTestProjects = (shared.caravanaTestProjects ?? 0) + 1;
  shared.caravanaTestSetup ??= prepare();
  const prepared = await shared.caravanaTestSetup;
  project.provide("postgresUrl", prepared.postgresUrl);
  project.provide("postgresTemplate", POSTGRES_TEMPLATE);
  project.provide("pgliteTemplateDir", prepared.pgliteDir);
  return () => {
    shared.caravanaTestProjects = (shared.caravanaTestProjects ?? 1) - 1;
    if (shared.caravanaTestProjects > 0) return;
    shared.caravanaTestSetup = undefined;
    prepared.stop();
  };
}
