import { join } from "node:path";
import type { PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** PGlite keeps its PostgreSQL files in this folder of DATA_DIR. */
export const pgdataOf = (dataDir: string) => join(dataDir, "pgdata");

/**
 * V8 compiles PGlite's 9 MB of WebAssembly with its baseline compiler and again
 * with its optimising one, and keeps both; the baseline alone meets every bench
 * target (decision 021). Set in the server and in the folder-creating process.
 */
export const BASELINE_WASM_ONLY = "--liftoff-only";

/** Settings of every PGlite this server opens: in the server, and when DATA_DIR is first created. */
export const PGLITE_OPTIONS = {
  // pg_trgm backs the name search index (registrations_nome_busca_trgm_idx).
  extensions: { pg_trgm },
  postgresqlconf: [
    // PGlite's WebAssembly heap holds the buffer pool, and what it touches stays
    // resident: 16 MB holds every table of a caravana many times over (decision 021).
    "shared_buffers = 16MB",
    // A new WAL segment is not filled with zeros first: with fsync off the
    // zero-fill buys no durability, and it stalled every query (decision 016).
    "wal_init_zero = off",
  ],
  initDbStartParams: ["--set", "shared_buffers=16MB"],
} satisfies PGliteOptions;
