import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TMPFS = "/dev/shm";
const TMPFS_MAGIC = 0x01021994;
const PREFIX = "caravana-teste-";

function onTmpfs(dir: string): boolean {
  try {
    return statfsSync(dir).type === TMPFS_MAGIC;
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

/**
 * One folder for everything a test run writes: each test's database (a copy
 * of a 41 MB PGlite folder of about 1,200 files), the PostgreSQL server,
 * backups and browser profiles. In memory (tmpfs) when the machine has one,
 * so those copies skip the disk's journal and flushes (decision 042).
 *
 * Sets TMPDIR, which os.tmpdir() reads: this process, the workers Vitest forks
 * after the set-up, and the server processes and Chromium they start all write
 * there. `leave()` puts TMPDIR back and removes the folder whole; a run that
 * was killed leaves its folder behind, and the next run removes it.
 */
export function enterRunScratch(): { dir: string; leave(): void } {
  const base = onTmpfs(TMPFS) ? TMPFS : tmpdir();
  for (const name of readdirSync(base)) {
    const pid = Number(name.slice(PREFIX.length));
    if (name.startsWith(PREFIX) && pid > 0 && !alive(pid)) rmSync(join(base, name), { recursive: true, force: true });
  }
  const dir = join(base, `${PREFIX}${process.pid}`);
  if (!existsSync(dir)) mkdirSync(dir);
  // The test PostgreSQL runs as the postgres user when the run is root's (postgres-server.ts).
  chmodSync(dir, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return {
    dir,
    leave() {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
