import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A throwaway PostgreSQL server in a temporary folder, started with initdb/pg_ctl. */
export interface PostgresServer {
  url: string;
  port: number;
  stop(): void;
}

function findBin(name: string): string {
  const onPath = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = join(base, v, "bin", name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} não encontrado: instale o pacote postgresql (o .ci/run faz isso).`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * The server's processes keep freed memory for their next allocation instead of handing it back to the
 * kernel: new memory costs about 11 µs a page on the machine that runs the suite (decision 055), and the
 * backends' larger allocations took it fresh each time (decision 060).
 */
const KEEP_FREED_MEMORY = { MALLOC_MMAP_MAX_: "0", MALLOC_TRIM_THRESHOLD_: String(256 * 1024 * 1024) };

export async function startPostgres(): Promise<PostgresServer> {
  const initdb = findBin("initdb");
  const pgCtl = findBin("pg_ctl");
  const dir = mkdtempSync(join(tmpdir(), "caravana-pg-"));
  const dataDir = join(dir, "data");
  const port = await freePort();
  // initdb refuses to run as root; run the server as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) => {
    const [cmd, full] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
    execFileSync(cmd, full, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...KEEP_FREED_MEMORY } });
  };
  if (asRoot) {
    chmodSync(dir, 0o777);
  }
  run(initdb, ["-D", dataDir, "-U", "caravana", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run(pgCtl, ["-D", dataDir, "-o", opts, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  let stopped = false;
  return {
    port,
    url: `postgresql://caravana@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
