import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/server/db/open-database";
import { writeBackup } from "../src/server/maintenance/backup-file";
import { mb, ms, percentile, Report, runBench } from "./support-report";
import { seedRegistrations } from "./support-seed";
import {
  adminCookie,
  type BenchDatabase,
  dbKinds,
  flag,
  freshDatabase,
  memoryOf,
  startServer,
  type DbKind,
  visitorsDuring,
} from "./support-server";
import { quietLog } from "../test/support/quiet-log";

/**
 * npm run bench:editions [-- --db=pglite|postgres|both] [--rows=5000] [--log=80000]
 * The backup's growth from 20 000 to 80 000 log rows; then "Encerrar edição"
 * on 5 000 registrations and 80 000 log rows, keeping the list: the backup and
 * the one transaction, while visitors keep loading the form's page, and the
 * server's memory high-water mark across it.
 */

const ROWS = Number(flag("rows", "5000"));
const LOG_ROWS = Number(flag("log", "80000"));
const TARGET = { closeMs: 10_000, visitorP95Ms: 200, growthBytes: 100 * 1024 * 1024, backupRatio: 4 };

/** Activity log entries, as months of panel work leave them: the backup's largest table. */
async function seedLog(db: BenchDatabase, rows: number): Promise<void> {
  const conn = await openDatabase(db.config, quietLog);
  try {
    await conn.query(
      `INSERT INTO activity_log (ator_nome, tipo, resumo, depois)
       SELECT 'Bench', 'inscricao.editada', 'Inscrição ' || g || ' editada', jsonb_build_object('n', g)
       FROM generate_series(1, $1::int) g`,
      [rows],
    );
  } finally {
    await conn.close();
  }
}

/** The backup's time on 20,000 and on 80,000 log rows (the median of three each): linear paging keeps the ratio near 4. */
async function backupGrowth(kind: DbKind, report: Report): Promise<void> {
  const db = await freshDatabase(kind);
  const dir = mkdtempSync(join(tmpdir(), "caravana-bench-growth-"));
  try {
    const times: number[] = [];
    for (const rows of [20_000, 60_000]) {
      await seedLog(db, rows);
      const conn = await openDatabase(db.config, quietLog);
      try {
        // The median of three: one backup's time moves with the machine's load.
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          await writeBackup(conn, { dir });
          runs.push(performance.now() - started);
        }
        times.push(runs.sort((a, b) => a - b)[1]);
      } finally {
        await conn.close();
      }
    }
    const ratio = times[1] / times[0];
    report.info(`[${kind}] backup com 20.000 / 80.000 linhas no log`, `${ms(times[0])} / ${ms(times[1])}`);
    report.check(`[${kind}] backup de 80.000 ÷ de 20.000`, ratio.toFixed(2), "≤ 4", ratio <= TARGET.backupRatio);
  } finally {
    db.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: encerrar uma edição de ${ROWS} inscrições e ${LOG_ROWS} linhas no log ---`);
  const db = await freshDatabase(kind);
  const backups = mkdtempSync(join(tmpdir(), "caravana-bench-backups-"));
  try {
    await seedRegistrations(db, ROWS);
    if (LOG_ROWS) await seedLog(db, LOG_ROWS);
    const server = await startServer({ ...db.env, BACKUP_DIR: backups });
    try {
      const cookie = await adminCookie(server.baseUrl);
      const headers = { cookie, "content-type": "application/json", origin: server.baseUrl };
      const { atual } = (await (await fetch(`${server.baseUrl}/api/editions`, { headers })).json()) as {
        atual: { id: number };
      };
      for (let i = 0; i < 20; i++) await (await fetch(`${server.baseUrl}/`)).arrayBuffer(); // warm-up
      const before = memoryOf(server.pid);
      const started = performance.now();
      const closing = fetch(`${server.baseUrl}/api/editions/close`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          edicao_id: atual.id,
          nome: "Bench seguinte",
          levar: { onibus: true, equipe: true, configuracoes: true },
          dados: "guardar",
        }),
      }).then(async (res) => {
        const body = (await res.json()) as { encerrada?: { inscricoes_guardadas: number }; error?: string };
        if (!res.ok) throw new Error(`encerrar: ${res.status} ${body.error}`);
        return { elapsed: performance.now() - started, kept: body.encerrada!.inscricoes_guardadas };
      });
      const [closed, visitors] = await Promise.all([closing, visitorsDuring(server.baseUrl, closing)]);
      if (closed.kept !== ROWS) throw new Error(`lista guardada com ${closed.kept} de ${ROWS}`);
      report.check(
        `[${kind}] encerrar (backup + transação)`,
        ms(closed.elapsed),
        "≤ 10 s",
        closed.elapsed <= TARGET.closeMs,
      );
      const p95 = percentile(visitors, 95);
      report.check(
        `[${kind}] GET / p95 durante o encerramento (${visitors.length})`,
        ms(p95),
        "≤ 200 ms",
        p95 <= TARGET.visitorP95Ms,
      );
      const growth = memoryOf(server.pid).hwm - before.hwm;
      report.check(`[${kind}] pico de memória a mais`, mb(growth), "≤ 100 MB", growth <= TARGET.growthBytes);
    } finally {
      await server.stop();
    }
  } finally {
    db.dispose();
    rmSync(backups, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const report = new Report(`bench:editions (${ROWS} inscrições)`);
  for (const kind of dbKinds("both")) {
    await backupGrowth(kind, report);
    await run(kind, report);
  }
  report.print();
}

runBench(main);
