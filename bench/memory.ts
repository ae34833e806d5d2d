import { setTimeout as sleep } from "node:timers/promises";
import { readFileSync } from "node:fs";
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
const TARGET = { pgliteIdle: 200 * MB, pglitePeak: 350 * MB, postgresIdle: 100 * MB };

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
      const created = /"peakMb":(\d+)/.exec(readFileSync(server.logFile, "utf8"));
      // An empty DATA_DIR is created once, in a process of its own that has exited before the server opens it.
      if (created) report.info(`[${kind}] pico do processo que criou o banco (uma vez)`, `${created[1]}.0 MB`);
    } finally {
      await server.stop();
    }
  } finally {
    db.dispose();
  }
}

async function main(): Promise<void> {
  const report = new Report("bench:memory (RSS do servidor de produção)");
  for (const kind of dbKinds("both")) await run(kind, report);
  report.print();
}

runBench(main);
