import { setTimeout as sleep } from "node:timers/promises";
import { readdirSync, readFileSync } from "node:fs";
import { mb, Report, runBench } from "./support-report";
import { dbKinds, flag, freshDatabase, memoryOf, nodeArgsFlag, startServer, type DbKind } from "./support-server";
import { SURGE_RATE_LIMIT, surge } from "./support-surge";

/**
 * npm run bench:memory [-- --db=pglite|postgres|both] [--idle=15] [--duration=20] [--node-args="--flag …"]
 * The production server's resident memory (RSS): idle after start, and its
 * peak (high-water mark) over the start and a bench:surge load. Each run
 * starts on an empty database, as a first start does.
 */

const IDLE_S = Number(flag("idle", "15"));
const DURATION_S = Number(flag("duration", "20"));
const NODE_ARGS = nodeArgsFlag();
const MB = 1024 * 1024;
const TARGET = { pgliteIdle: 200 * MB, pglitePeak: 350 * MB, postgresIdle: 100 * MB, firstStart: 300 * MB };
const FIRST_ANSWER_MS = 20_000;

/** A process's children, from /proc (every thread's list). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Watches a process and every descendant it starts, every 20 ms, keeping each
 * one's high-water mark. The tree's peak is bounded by the sum of those marks.
 */
function watchTree(root: number) {
  const peaks = new Map<number, number>();
  const read = (pid: number) => {
    try {
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, memoryOf(pid).hwm));
    } catch {
      // it has exited; its last reading stays
    }
    for (const child of childrenOf(pid)) read(child);
  };
  const timer = setInterval(() => read(root), 20);
  read(root);
  return {
    stop() {
      clearInterval(timer);
      read(root);
      return { peak: [...peaks.values()].reduce((a, b) => a + b, 0), processes: peaks.size };
    },
  };
}

/** The very first start on an empty DATA_DIR: what a 512 MB plan must hold before the site ever answers. */
async function firstStart(report: Report): Promise<void> {
  console.log("\n--- pglite: primeiro início numa pasta vazia ---");
  const db = await freshDatabase("pglite");
  try {
    let watch: ReturnType<typeof watchTree> | undefined;
    const started = Date.now();
    const server = await startServer(db.env, NODE_ARGS, (pid) => {
      watch = watchTree(pid);
    });
    const answeredMs = Date.now() - started;
    try {
      const tree = watch!.stop();
      report.check(
        "[pglite] primeiro início: pico de RSS da árvore de processos",
        mb(tree.peak),
        "≤ 300 MB",
        tree.peak <= TARGET.firstStart,
      );
      report.info("[pglite] primeiro início: processos vistos", String(tree.processes));
      report.check(
        "[pglite] primeiro início: responde em",
        `${(answeredMs / 1000).toFixed(1)} s`,
        "≤ 20 s",
        answeredMs <= FIRST_ANSWER_MS,
      );
    } finally {
      await server.stop();
    }
  } finally {
    db.dispose();
  }
}

/** RSS at the end of a quiet spell: the largest of the last five one-second readings. */
async function idleRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let s = 0; s < IDLE_S; s++) {
    await sleep(1000);
    readings.push(memoryOf(pid).rss);
  }
  return Math.max(...readings.slice(-5));
}

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: ${IDLE_S} s parado, depois ${DURATION_S} s de surge ---`);
  const db = await freshDatabase(kind);
  try {
    const server = await startServer({ ...db.env, REGISTRATION_RATE_LIMIT: SURGE_RATE_LIMIT }, NODE_ARGS);
    try {
      const idle = await idleRss(server.pid);
      if (kind === "postgres") {
        report.check(`[${kind}] RSS parado`, mb(idle), "≤ 100 MB", idle <= TARGET.postgresIdle);
      } else {
        report.check(`[${kind}] RSS parado`, mb(idle), "≤ 200 MB", idle <= TARGET.pgliteIdle);
      }
      const load = await surge(server.baseUrl, DURATION_S);
      report.info(`[${kind}] surge: inscrições 2xx / erros`, `${load.ok} / ${load.failed}`);
      const { hwm, rss } = memoryOf(server.pid);
      report.info(`[${kind}] RSS logo após o surge`, mb(rss));
      if (kind === "pglite")
        report.check(`[${kind}] pico de RSS (início + surge)`, mb(hwm), "≤ 350 MB", hwm <= TARGET.pglitePeak);
      else report.info(`[${kind}] pico de RSS (início + surge)`, mb(hwm));
    } finally {
      await server.stop();
    }
  } finally {
    db.dispose();
  }
}

async function main(): Promise<void> {
  const report = new Report("bench:memory (RSS do servidor de produção)");
  const kinds = dbKinds("both");
  if (kinds.includes("pglite")) await firstStart(report);
  for (const kind of kinds) await run(kind, report);
  report.print();
}

runBench(main);
