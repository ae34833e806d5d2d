import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { builtEntry } from "./built-entry";
import { pgdataOf } from "./options";

export const TEMPLATE_FILE = "pgdata-template.tar.gz";

const BLOCK = 512;
const text = (b: Buffer, at: number, length: number) => b.toString("utf8", at, at + length).replace(/\0.*$/s, "");
const octal = (b: Buffer, at: number, length: number) => Number.parseInt(text(b, at, length).trim() || "0", 8);

/** Writes the entries of a ustar archive (what PGlite's dumpDataDir makes) under `root`. */
export function extractTar(tar: Buffer, root: string): number {
  let files = 0;
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    const name = text(header, 0, 100);
    if (!name) break;
    const prefix = text(header, 345, 155);
    const path = normalize(join(root, prefix, name));
    if (!path.startsWith(normalize(root))) throw new Error(`entrada fora da pasta no modelo do banco: ${name}`);
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = String.fromCharCode(header[156] || 48);
    at += BLOCK;
    if (type === "5") mkdirSync(path, { recursive: true, mode: mode || 0o750 });
    else if (type === "0") {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, tar.subarray(at, at + size));
      if (mode) chmodSync(path, mode);
      files++;
    }
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

/**
 * Gives an empty DATA_DIR its PostgreSQL files, and says whether it did.
 * `npm run build` makes them once with the installed PGlite
 * (make-template-process.ts), so no start runs initdb, which runs a second
 * PostgreSQL and copies its heap (decision 035). They are written by Node, not
 * loaded through PGlite, so the server's memory never holds the archive.
 */
export function createDataDirFromTemplate(dataDir: string): boolean {
  const pgdata = pgdataOf(dataDir);
  if (existsSync(join(pgdata, "PG_VERSION"))) return false;
  const file = fileURLToPath(builtEntry(TEMPLATE_FILE));
  if (!existsSync(file)) throw new Error(`Falta ${file}: rode "npm run build" antes de iniciar o servidor.`);
  // Written beside it and renamed whole: a start cut half-way leaves no folder that looks finished.
  const partial = `${pgdata}.criando`;
  rmSync(partial, { recursive: true, force: true });
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new Error(`${pgdata} tem arquivos, mas não um banco (falta PG_VERSION). Mova a pasta e inicie de novo.`);
  }
  rmSync(pgdata, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  extractTar(gunzipSync(readFileSync(file)), partial);
  if (!existsSync(join(partial, "PG_VERSION"))) throw new Error(`O modelo do banco ${file} não tem PG_VERSION.`);
  renameSync(partial, pgdata);
  return true;
}
