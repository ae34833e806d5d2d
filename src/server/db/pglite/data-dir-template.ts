import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { createGunzip } from "node:zlib";
import { builtEntry } from "../../built-entry";
import { pgdataOf } from "./options";

const TEMPLATE_FILE = "pgdata-template.tar.gz";

const BLOCK = 512;
const text = (b: Buffer, at: number, length: number) => b.toString("utf8", at, at + length).replace(/\0.*$/s, "");
const octal = (b: Buffer, at: number, length: number) => Number.parseInt(text(b, at, length).trim() || "0", 8);

/**
 * Writes the entries of a gzipped ustar archive (what PGlite's dumpDataDir
 * makes) under `root`, as the bytes arrive: the server never holds the
 * unpacked archive (39 MB) in memory.
 */
async function extractTarGz(file: string, root: string): Promise<void> {
  const top = normalize(root);
  // The entry whose bytes are arriving: its file (none for a folder), bytes left, and padding to the next block.
  let entry: { fd: number | null; left: number; pad: number } | null = null;
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  for await (const chunk of createReadStream(file).pipe(createGunzip())) {
    if (ended) continue;
    pending = pending.length > 0 ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    let at = 0;
    for (;;) {
      if (entry) {
        const n = Math.min(entry.left, pending.length - at);
        if (entry.fd !== null && n > 0) writeSync(entry.fd, pending, at, n);
        entry.left -= n;
        at += n;
        const skip = entry.left === 0 ? Math.min(entry.pad, pending.length - at) : 0;
        entry.pad -= skip;
        at += skip;
        if (entry.left > 0 || entry.pad > 0) break;
        if (entry.fd !== null) closeSync(entry.fd);
        entry = null;
      }
      if (pending.length - at < BLOCK) break;
      const header = pending.subarray(at, at + BLOCK);
      at += BLOCK;
      const name = text(header, 0, 100);
      if (!name) {
        ended = true;
        break;
      }
      const path = normalize(join(top, text(header, 345, 155), name));
      if (!path.startsWith(top)) throw new Error(`entrada fora da pasta no modelo do banco: ${name}`);
      const size = octal(header, 124, 12);
      const mode = octal(header, 100, 8) & 0o777;
      const type = String.fromCharCode(header[156] || 48);
      let fd: number | null = null;
      if (type === "5") mkdirSync(path, { recursive: true, mode: mode || 0o750 });
      else if (type === "0") {
        mkdirSync(dirname(path), { recursive: true });
        fd = openSync(path, "w", mode || 0o600);
      }
      entry = { fd, left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
    }
    pending = Buffer.from(pending.subarray(at));
  }
  if (entry?.fd != null) closeSync(entry.fd);
}

/**
 * Gives an empty DATA_DIR its PostgreSQL files, and says whether it did.
 * `npm run build` makes them once with the installed PGlite
 * (make-template-process.ts), so no start runs initdb, which runs a second
 * PostgreSQL and copies its heap (decision 035). They are written by Node, not
 * loaded through PGlite, so the server's memory never holds the archive.
 */
export async function createDataDirFromTemplate(dataDir: string): Promise<boolean> {
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
  await extractTarGz(file, partial);
  if (!existsSync(join(partial, "PG_VERSION"))) throw new Error(`O modelo do banco ${file} não tem PG_VERSION.`);
  renameSync(partial, pgdata);
  return true;
}
