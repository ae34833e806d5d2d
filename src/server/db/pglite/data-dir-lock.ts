import { closeSync, mkdirSync, openSync, rmSync, statSync, unlinkSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join, resolve } from "node:path";

export class DataDirLockedError extends Error {}

const SOCKET = "caravana-lock.sock";
const TAKEOVER = "caravana-lock.takeover";
/** The lock file of the old scheme, which held a PID: removed on sight. */
const OLD_LOCK_FILE = "caravana.lock";
/** Longest path a Unix socket address holds on Linux (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;
/** A takeover marker older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 5_000;
/** A holder that was just killed may need a moment before the kernel closes its socket. */
const BUSY_RETRY_MS = 2_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Probe = { live: true; pid: string } | { live: false };

/**
 * Connects to the lock socket. A listener means a live holder, which answers
 * with its PID; a refused connection means its holder is gone, since the
 * kernel closes a dead process's sockets.
 */
function probe(path: string): Promise<Probe> {
  return new Promise((done, fail) => {
    const socket = connect(path);
    let pid = "";
    let settled = false;
    const settle = (value: Probe) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      done(value);
    };
    socket.setTimeout(1_000, () => settle({ live: true, pid: pid.trim() }));
    socket.on("data", (chunk) => (pid += chunk));
    socket.on("end", () => settle({ live: true, pid: pid.trim() }));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (settled) return;
      if (err.code === "ECONNREFUSED" || err.code === "ENOENT" || err.code === "ENOTSOCK") settle({ live: false });
      else {
        settled = true;
        fail(err);
      }
    });
  });
}

function listen(path: string): Promise<Server | "in-use"> {
  return new Promise((done, fail) => {
    const server = createServer((socket) => socket.end(`${process.pid}\n`));
    server.once("error", (err: NodeJS.ErrnoException) => (err.code === "EADDRINUSE" ? done("in-use") : fail(err)));
    server.listen(path, () => {
      server.removeAllListeners("error");
      // The lock never keeps a finished process alive.
      server.unref();
      done(server);
    });
  });
}

/** Only one process at a time may clear a stale socket and bind its own. */
function takeTakeover(file: string): boolean {
  try {
    closeSync(openSync(file, "wx"));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    try {
      if (Date.now() - statSync(file).mtimeMs > TAKEOVER_STALE_MS) rmSync(file, { force: true });
    } catch {
      // removed meanwhile by its owner
    }
    return false;
  }
}

/**
 * Takes DATA_DIR for this process, so that a second server cannot open the
 * same PGlite files (two writers corrupt them). The lock is a Unix socket
 * that this process listens on inside the folder: the kernel releases it the
 * moment the process dies, even as a zombie, and it works for every process
 * that sees the folder, whatever its PID namespace (decision 020).
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  // A long folder does not fit in a socket address; /proc/self/fd names it in a few bytes.
  let dirFd: number | undefined;
  let base = dir;
  if (Buffer.byteLength(join(dir, SOCKET)) > MAX_SOCKET_PATH) {
    dirFd = openSync(dir, "r");
    base = `/proc/self/fd/${dirFd}`;
  }
  const socketPath = join(base, SOCKET);
  const takeoverFile = join(dir, TAKEOVER);
  const busySince = Date.now();
  try {
    for (;;) {
      const server = await listen(socketPath);
      if (server !== "in-use") {
        const inode = statSync(join(dir, SOCKET)).ino;
        rmSync(join(dir, OLD_LOCK_FILE), { force: true });
        let released = false;
        return () => {
          if (released) return;
          released = true;
          server.close();
          // Unlinks only its own socket, never one a later holder bound.
          try {
            if (statSync(join(dir, SOCKET)).ino === inode) unlinkSync(join(dir, SOCKET));
          } catch {
            // already gone
          }
        };
      }
      const seen = await probe(socketPath);
      if (seen.live) {
        if (Date.now() - busySince < BUSY_RETRY_MS) {
          await sleep(100);
          continue;
        }
        const who = seen.pid ? `pelo processo ${seen.pid}` : "por outro processo";
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} já está em uso ${who}. Pare esse processo ou use outro DATA_DIR.`,
        );
      }
      if (!takeTakeover(takeoverFile)) {
        await sleep(50);
        continue;
      }
      try {
        // Checked again under the marker: another process may have taken over meanwhile.
        if (!(await probe(socketPath)).live) rmSync(join(dir, SOCKET), { force: true });
      } finally {
        rmSync(takeoverFile, { force: true });
      }
    }
  } finally {
    if (dirFd !== undefined) closeSync(dirFd);
  }
}
