import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, type PostgresServer, startPostgres } from "../test/support/postgres-server";

/**
 * Shared by every bench: the real server entry point as a child process, in
 * production mode. BENCH_KEEP=1 keeps the PGlite folder and the server log
 * (their paths are printed); BENCH_CPU_PROF=<dir> profiles the server.
 */

export const ADMIN_PASSWORD = "bench-senha-muito-longa-2025";
export type DbKind = "pglite" | "postgres";

const MAIN = join(process.cwd(), "dist", "server", "main.js");

export interface BenchServer {
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

let serverBuilt = false;

/** Compiles the server from the current sources, and builds the client once if dist/client is missing. */
export function ensureBuilt(): void {
  if (!serverBuilt) execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  serverBuilt = true;
  if (existsSync(join(process.cwd(), "dist", "client", "index.html"))) return;
  console.log("dist/client não existe: rodando `npm run build`…");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

/**
 * Starts the built server (dist/server/main.js) with NODE_ENV=production. Logs go to a file (as
 * they would to journald), not through a pipe the bench would have to drain.
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  /** Called as soon as the process exists, before it answers (to watch its start). */
  onSpawn?: (pid: number) => void,
): Promise<BenchServer> {
  ensureBuilt();
  const port = await freePort();
  const logDir = mkdtempSync(join(tmpdir(), "caravana-bench-log-"));
  const logFile = join(logDir, "server.log");
  const fd = openSync(logFile, "a");
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...nodeArgs, MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      ADMIN_PASSWORD,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A deployment sets its own; with the samples the form stays closed.
      PIX_KEY: "pix@juventudecatolicavg.com.br",
      WHATSAPP_NUMBER: "5598999999999",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  if (child.pid) onSpawn?.(child.pid);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`o servidor terminou ao iniciar:\n${readFileSync(logFile, "utf8")}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`o servidor não respondeu em 90 s:\n${readFileSync(logFile, "utf8")}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    child,
    logFile,
    async stop() {
      if (!gone) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (process.env.BENCH_KEEP) console.log("log mantido:", logFile);
      else rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database: a temporary PGlite DATA_DIR, or a throwaway PostgreSQL. */
export interface BenchDatabase {
  kind: DbKind;
  /** Environment for the server (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** What openDatabase needs, for seeding and raw measurements. */
  config: { DATA_DIR: string; DATABASE_URL?: string; CHECKPOINT_INTERVAL_MS: number };
  dispose(): void;
}

export async function freshDatabase(kind: DbKind): Promise<BenchDatabase> {
  // Seeding opens PGlite here, and its worker is the compiled one in dist/server.
  ensureBuilt();
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "caravana-bench-data-"));
    return {
      kind,
      env: { DATA_DIR: dir },
      config: { DATA_DIR: dir, CHECKPOINT_INTERVAL_MS: 60_000 },
      dispose: () => {
        if (process.env.BENCH_KEEP) console.log("banco mantido:", dir);
        else rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const pg: PostgresServer = await startPostgres();
  return {
    kind,
    env: { DATABASE_URL: pg.url },
    config: { DATA_DIR: "/nonexistent", DATABASE_URL: pg.url, CHECKPOINT_INTERVAL_MS: 60_000 },
    dispose: () => pg.stop(),
  };
}

/** RSS and its high-water mark of a process, in bytes (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

/** User + system CPU from a /proc stat line, in ms (100 ticks a second). */
function statCpuMs(stat: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
export function cpuMsOf(pid: number): number {
  return statCpuMs(readFileSync(`/proc/${pid}/stat`, "utf8"));
}

/** CPU time each thread of a process has used so far, in ms, by thread id (Linux /proc). */
export function threadCpuMsOf(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(Number(tid), statCpuMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8")));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}

/**
 * Splits the CPU a process used between two threadCpuMsOf readings: its main
 * thread, the busiest other thread (on PGlite, the database's worker; Node
 * names every thread "node", so it is told apart by its load) and the rest.
 */
export function threadCpuSplit(pid: number, before: Map<number, number>, after: Map<number, number>) {
  const used = [...after].map(([tid, ms]) => ({ tid, ms: ms - (before.get(tid) ?? 0) }));
  const main = used.find((t) => t.tid === pid)?.ms ?? 0;
  const others = used.filter((t) => t.tid !== pid).map((t) => t.ms);
  const busiest = Math.max(0, ...others);
  return { main, busiest, rest: others.reduce((a, b) => a + b, 0) - busiest };
}

/** Logs in once and returns the Cookie header value for admin requests. */
export async function adminCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login falhou: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0];
  if (!cookie) throw new Error("login sem cookie");
  return cookie;
}

/** --name=value flags. */
export function flag(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((a) => a.startsWith(prefix));
  return arg ? arg.slice(prefix.length) : fallback;
}

/** --node-args="--flag …": extra flags for the server's node, to try a V8 setting without changing the code. */
export function nodeArgsFlag(): string[] {
  return flag("node-args", "").split(" ").filter(Boolean);
}

export function dbKinds(fallback: "pglite" | "postgres" | "both"): DbKind[] {
  const value = flag("db", fallback);
  if (value === "both") return ["pglite", "postgres"];
  if (value === "pglite" || value === "postgres") return [value];
  throw new Error(`--db deve ser pglite, postgres ou both (recebido: ${value})`);
}

/** Visitors loading "/" four at a time until `until` settles: each load's time. */
export async function visitorsDuring(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (!done) {
        const started = performance.now();
        await (await fetch(`${baseUrl}/`)).arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}
