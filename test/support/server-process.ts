import { OWN_PAYMENT_DETAILS } from "./own-payment-details";
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { freePort } from "./postgres-server";

export interface ServerProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL to the whole process group, as an out-of-memory killer or a supervisor stop does (`npm` mode only). */
  killGroup(): void;
  /** SIGTERM to the whole process group, then waits (at most 15 s) until none of it runs (`npm` mode only). */
  stopGroup(): Promise<void>;
}

interface StartOptions {
  port?: number;
  /** Starts `npm run serve` in a process group of its own (npm, its shell and node), as the README does. */
  npm?: boolean;
  /** How long the server may take to answer /api/health. */
  timeoutMs?: number;
}

const MAIN = join(process.cwd(), "dist", "server", "main.js");

/** Spawns the built server (as `npm run serve` does) without waiting for it. */
export function spawnServerProcess(env: Record<string, string>, port: number, opts: StartOptions = {}) {
  const fullEnv = {
    ...process.env,
    NODE_ENV: "test",
    // Tests register many people with one phone; the per-phone limit has its own test (one-phone.test.ts).
    REGISTRATIONS_PER_PHONE: "1000",
    ...OWN_PAYMENT_DETAILS,
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    ...env,
    PORT: String(port),
  };
  const child = opts.npm
    ? spawn("npm", ["run", "--silent", "serve"], { env: fullEnv, stdio: ["ignore", "pipe", "pipe"], detached: true })
    : spawn(process.execPath, [MAIN], { env: fullEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => out };
}

/** Starts the built server (as `npm run serve` does) and waits for /api/health. */
export async function startServerProcess(env: Record<string, string>, opts: StartOptions = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const { child, exited, output } = spawnServerProcess(env, port, opts);
  const killGroup = () => process.kill(-child.pid!, "SIGKILL");
  const stopGroup = async () => {
    const deadline = Date.now() + 15_000;
    try {
      process.kill(-child.pid!, "SIGTERM");
      while (Date.now() < deadline) {
        process.kill(-child.pid!, 0);
        await new Promise((r) => setTimeout(r, 50));
      }
    } catch {
      // ESRCH: the group is gone
    }
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`o servidor terminou ao iniciar:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { port, baseUrl, child, output, exited, killGroup, stopGroup };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (opts.npm) killGroup();
  else child.kill("SIGKILL");
  throw new Error(`o servidor não respondeu em ${timeoutMs / 1000} s:\n${output()}`);
}
