import { randomUUID } from "node:crypto";
import { openDatabase } from "../src/server/db/open-database";
import { ms, percentile, Report, runBench } from "./support-report";
import { FIRST_NAMES, SURNAMES, seedRegistrations } from "./support-seed";
import { surgeRegistration } from "./support-surge";
import {
  adminCookie,
  type BenchDatabase,
  dbKinds,
  flag,
  freshDatabase,
  startServer,
  type DbKind,
  visitorsDuring,
} from "./support-server";
import { quietLog } from "../test/support/quiet-log";

/**
 * npm run bench:finance [-- --db=pglite|postgres|both] [--lines=5000] [--rows=2000] [--big=20000]
 * "Importar extrato": a 5 000-line OFX matched against 2 000 registrations
 * (a fifth carry a code, a fifth a registrant's name, the rest strangers),
 * while visitors keep loading the form's page; then three 20 000-line files
 * imported at once while registrations arrive ten a second (--big=0 skips it).
 */

const LINES = Number(flag("lines", "5000"));
const ROWS = Number(flag("rows", "2000"));
const BIG_LINES = Number(flag("big", "20000"));
const TARGET = { importMs: 2000, visitorP95Ms: 200, registrationP95Ms: 200, registrationP99Ms: 500 };

const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, "");

async function statement(db: BenchDatabase, lineCount = LINES, prefix = "bench"): Promise<string> {
  const conn = await openDatabase(db.config, quietLog);
  const pending = await conn.query<{ referencia: string; nome_completo: string }>(
    "SELECT referencia, nome_completo FROM registrations WHERE status_pagamento = 'pendente' ORDER BY referencia",
  );
  await conn.close();
  const day = today();
  const lines: string[] = [];
  for (let i = 0; i < lineCount; i++) {
    const p = pending[i % pending.length];
    const memo =
      i % 5 === 0
        ? `Pix recebido - ${p.referencia.toLowerCase()}`
        : i % 5 === 1
          ? `Transferência recebida pelo Pix - ${p.nome_completo.toUpperCase()} - •••.123.456-••`
          : `PIX TRANSF ${FIRST_NAMES[i % FIRST_NAMES.length].toUpperCase()} ${SURNAMES[(i * 7) % SURNAMES.length].toUpperCase()} ${i}`;
    lines.push(
      `<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>${day}120000[-3:BRT]\n<TRNAMT>15.00\n<FITID>${prefix}-${i}\n<MEMO>${memo}\n</STMTTRN>`,
    );
  }
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n<BANKACCTFROM><BANKID>0260<BRANCHID>1<ACCTID>1</BANKACCTFROM>\n<BANKTRANLIST>\n${lines.join("\n")}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}

async function upload(baseUrl: string, cookie: string, content: string) {
  const form = new FormData();
  form.append("arquivo", new Blob([content]), "extrato.ofx");
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/finance/statements`, { method: "POST", body: form, headers: { cookie } });
  const body = (await res.json()) as {
    novas?: number;
    pagas?: number;
    sugeridas?: number;
    repetidas?: number;
    error?: string;
  };
  if (!res.ok) throw new Error(`importar: ${res.status} ${body.error}`);
  return { elapsed: performance.now() - started, body };
}

/** Registrations posted every 100 ms until `until` settles: each one's time, and the answers that were not 201. */
async function registrationsDuring(baseUrl: string, until: Promise<unknown>) {
  const times: number[] = [];
  let failed = 0;
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const inFlight: Promise<void>[] = [];
  for (let i = 0; !done; i++) {
    inFlight.push(
      (async () => {
        const started = performance.now();
        const res = await fetch(`${baseUrl}/api/registrations`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
          body: JSON.stringify(surgeRegistration(900_000 + i)),
        });
        await res.arrayBuffer();
        if (res.status === 201) times.push(performance.now() - started);
        else failed++;
      })(),
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(inFlight);
  return { times, failed };
}

/** Three 20,000-line imports at once: the form's registrations and the page go between their chunks. */
async function bigImports(kind: DbKind, files: string[], server: { baseUrl: string }, cookie: string, report: Report) {
  const importing = Promise.all(files.map((f) => upload(server.baseUrl, cookie, f)));
  const [imports, registrations, visitors] = await Promise.all([
    importing,
    registrationsDuring(server.baseUrl, importing),
    visitorsDuring(server.baseUrl, importing),
  ]);
  const slowest = Math.max(...imports.map((i) => i.elapsed));
  report.info(`[${kind}] 3 importações de ${BIG_LINES} linhas ao mesmo tempo: a mais lenta`, ms(slowest));
  const p95 = percentile(registrations.times, 95);
  const p99 = percentile(registrations.times, 99);
  report.check(
    `[${kind}]   inscrições durante elas: p95 (${registrations.times.length}, ${registrations.failed} recusadas)`,
    ms(p95),
    "≤ 200 ms",
    p95 <= TARGET.registrationP95Ms && registrations.failed === 0,
  );
  report.check(`[${kind}]   inscrições durante elas: p99`, ms(p99), "≤ 500 ms", p99 <= TARGET.registrationP99Ms);
  const visitorP95 = percentile(visitors, 95);
  report.check(`[${kind}]   GET / p95 durante elas`, ms(visitorP95), "≤ 200 ms", visitorP95 <= TARGET.visitorP95Ms);
}

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: ${LINES} linhas contra ${ROWS} inscrições ---`);
  const db = await freshDatabase(kind);
  try {
    await seedRegistrations(db, ROWS);
    const file = await statement(db);
    // Written before the server starts: PGlite's folder has one process at a time.
    const bigFiles: string[] = [];
    for (let n = 1; BIG_LINES > 0 && n <= 3; n++) bigFiles.push(await statement(db, BIG_LINES, `grande-${n}`));
    const server = await startServer({ ...db.env, REGISTRATION_RATE_LIMIT: "100000" });
    try {
      const cookie = await adminCookie(server.baseUrl);
      for (let i = 0; i < 20; i++) await (await fetch(`${server.baseUrl}/`)).arrayBuffer(); // warm-up
      const importing = upload(server.baseUrl, cookie, file);
      const [first, visitors] = await Promise.all([importing, visitorsDuring(server.baseUrl, importing)]);
      report.check(`[${kind}] importar ${LINES} linhas`, ms(first.elapsed), "≤ 2 s", first.elapsed <= TARGET.importMs);
      report.info(
        `[${kind}]   novas / pagas / sugeridas`,
        `${first.body.novas} / ${first.body.pagas} / ${first.body.sugeridas}`,
      );
      const p95 = percentile(visitors, 95);
      report.check(
        `[${kind}] GET / p95 durante a importação (${visitors.length})`,
        ms(p95),
        "≤ 200 ms",
        p95 <= TARGET.visitorP95Ms,
      );
      const again = await upload(server.baseUrl, cookie, file);
      if (again.body.novas !== 0 || again.body.repetidas !== LINES)
        throw new Error("a segunda importação repetiu linhas");
      report.info(`[${kind}] mesmo arquivo de novo (nada novo)`, ms(again.elapsed));
      if (bigFiles.length) await bigImports(kind, bigFiles, server, cookie, report);
    } finally {
      await server.stop();
    }
  } finally {
    db.dispose();
  }
}

async function main(): Promise<void> {
  const report = new Report(`bench:finance (${LINES} linhas, ${ROWS} inscrições)`);
  for (const kind of dbKinds("both")) await run(kind, report);
  report.print();
}

runBench(main);
