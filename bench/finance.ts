import { openDatabase } from "../src/server/db/open-database";
import { ms, percentile, Report, runBench } from "./support-report";
import { FIRST_NAMES, SURNAMES, seedRegistrations } from "./support-seed";
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

/**
 * npm run bench:finance [-- --db=pglite|postgres|both] [--lines=5000] [--rows=2000]
 * "Importar extrato": a 5 000-line OFX matched against 2 000 registrations
 * (a fifth carry a code, a fifth a registrant's name, the rest strangers),
 * while visitors keep loading the form's page.
 */

const LINES = Number(flag("lines", "5000"));
const ROWS = Number(flag("rows", "2000"));
const TARGET = { importMs: 2000, visitorP95Ms: 200 };

const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, "");

async function statement(db: BenchDatabase): Promise<string> {
  const conn = await openDatabase(db.config, { info() {}, warn() {} });
  const pending = await conn.query<{ referencia: string; nome_completo: string }>(
    "SELECT referencia, nome_completo FROM registrations WHERE status_pagamento = 'pendente' ORDER BY referencia",
  );
  await conn.close();
  const day = today();
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const p = pending[i % pending.length];
    const memo =
      i % 5 === 0
        ? `Pix recebido - ${p.referencia.toLowerCase()}`
        : i % 5 === 1
          ? `Transferência recebida pelo Pix - ${p.nome_completo.toUpperCase()} - •••.123.456-••`
          : `PIX TRANSF ${FIRST_NAMES[i % FIRST_NAMES.length].toUpperCase()} ${SURNAMES[(i * 7) % SURNAMES.length].toUpperCase()} ${i}`;
    lines.push(
      `<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>${day}120000[-3:BRT]\n<TRNAMT>15.00\n<FITID>bench-${i}\n<MEMO>${memo}\n</STMTTRN>`,
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

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: ${LINES} linhas contra ${ROWS} inscrições ---`);
  const db = await freshDatabase(kind);
  try {
    await seedRegistrations(db, ROWS);
    const file = await statement(db);
    const server = await startServer(db.env);
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
