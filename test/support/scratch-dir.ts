import { chmodSync, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";

const TMPFS = "/dev/shm";
const TMPFS_MAGIC = 0x01021994;
/** Three workers' databases, the template, PostgreSQL and Chromium's profiles fit well under this. */
const TMPFS_NEEDED_BYTES = 1024 ** 3;
// The host's name keeps runs in other containers sharing /dev/shm (and their own pids) apart.
const PREFIX = `caravana-teste-${hostname().replace(/[^A-Za-z0-9]/g, "")}-`;

function roomyTmpfs(dir: string): boolean {
  try {
    const fs = statfsSync(dir);
    return fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= TMPFS_NEEDED_BYTES;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Best effort: a folder another user left, or one a last process is still writing, stays for next time. */
function remove(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {}
}

/**
 * One folder for everything a test run writes: each test's database (a copy
 * of a 41 MB PGlite folder of about 1,200 files), the PostgreSQL server,
 * backups and browser profiles. In memory (tmpfs) when the machine has one
 * with room to spare, so those copies skip the disk's journal and flushes
 * (decision 042).
 *
 * Sets TMPDIR, which os.tmpdir() reads: this process, the workers Vitest forks
 * after the set-up, and the server processes and Chromium they start all write
 * there. `leave()` puts TMPDIR back and removes the folder; a run that was
 * killed leaves its folder behind, and the next run on this host removes it.
 */
export function enterRunScratch(): { dir: string; leave(): void } {
  const base = roomyTmpfs(TMPFS) ? TMPFS : tmpdir();
  for (const name of readdirSync(base)) {
    const pid = Number(name.slice(PREFIX.length).split("-")[0]);
    if (name.startsWith(PREFIX) && pid > 0 && !alive(pid)) remove(join(base, name));
  }
  const dir = mkdtempSync(join(base, `${PREFIX}${process.pid}-`));
  // The test PostgreSQL runs as the postgres user when the run is root's (postgres-server.ts).
  chmodSync(dir, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return {
    dir,
    leave() {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      remove(dir);
    },
  };
}
