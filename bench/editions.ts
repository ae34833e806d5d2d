import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mb, ms, percentile, Report, runBench } from "./support-report";
import { seedRegistrations } from "./support-seed";
import {
  adminCookie,
  dbKinds,
  flag,
  freshDatabase,
  memoryOf,
  startServer,
  type DbKind,
  visitorsDuring,
} from "./support-server";

/**
 * npm run bench:editions [-- --db=pglite|postgres|both] [--rows=5000]
 * "Encerrar edição" on 5 000 registrations, keeping the list: the backup and
 * the one transaction, while visitors keep loading the form's page, and the
 * server's memory high-water mark across it.
 */

const ROWS = Number(flag("rows", "5000"));
const TARGET = { closeMs: 10_000, visitorP95Ms: 200, growthBytes: 100 * 1024 * 1024 };

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: encerrar uma edição de ${ROWS} inscrições ---`);
  const db = await freshDatabase(kind);
  const backups = mkdtempSync(join(tmpdir(), "caravana-bench-backups-"));
  try {
    await seedRegistrations(db, ROWS);
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
  for (const kind of dbKinds("both")) await run(kind, report);
  report.print();
}

runBench(main);
