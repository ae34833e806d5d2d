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
}

const MAIN = join(process.cwd(), "src", "server", "main.ts");

/** Starts the real server entry point (as `npm run serve` does) and waits for /api/health. */
export async function startServerProcess(env: Record<string, string>, opts: { port?: number } = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`o servidor terminou ao iniciar:\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { port, baseUrl, child, output: () => out, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`o servidor não respondeu em 60 s:\n${out}`);
}
