import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import type { Database } from "../db/database";
import { type BackupSummary, backupTo } from "./backup";

/** The file `npm run backup` and an edition's close write: BACKUP_DIR/caravana-<UTC stamp>.jsonl.gz. */
export function backupFileName(dir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-").slice(0, 23);
  return resolve(dir, `caravana-${stamp}.jsonl.gz`);
}

/** One backup into BACKUP_DIR (or the file given), the folder made when missing. */
export async function writeBackup(
  db: Database,
  opts: { dir: string; file?: string; passphrase?: string },
): Promise<BackupSummary> {
  const file = opts.file ? resolve(opts.file) : backupFileName(opts.dir);
  // A backup holds health notes and password hashes: only the server's user reads it (0600 in a 0700 folder).
  const dir = resolve(file, "..");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!opts.file) chmodSync(dir, 0o700);
  try {
    return await backupTo(db, file, opts.passphrase);
  } catch (err) {
    // Half a file (a full disk) must not pass for a backup.
    rmSync(file, { force: true });
    throw err;
  }
}
