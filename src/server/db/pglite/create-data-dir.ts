import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtEntry } from "./built-entry";
import { BASELINE_WASM_ONLY, pgdataOf } from "./options";

/**
 * Creates the PostgreSQL files of an empty DATA_DIR in a short-lived process.
 * PGlite's initdb runs a second PostgreSQL and copies its whole heap, memory
 * that the server would otherwise keep for good; a process that exits gives
 * all of it back (decision 021).
 */
export async function createDataDirIfEmpty(dataDir: string): Promise<{ peakMb: number } | null> {
  if (existsSync(join(pgdataOf(dataDir), "PG_VERSION"))) return null;
  const args = [BASELINE_WASM_ONLY, fileURLToPath(builtEntry("pglite-create.js")), dataDir];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const peak = /^peak-kb (\d+)$/m.exec(out);
  if (code !== 0 || !peak) throw new Error(`Não foi possível criar o banco em ${dataDir}:\n${out.trim()}`);
  return { peakMb: Math.round(Number(peak[1]) / 1024) };
}
