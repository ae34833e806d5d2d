import { strFromU8, unzipSync } from "fflate";
import { mb, ms, percentile, Report, runBench } from "./support-report";
import { seedRegistrations } from "./support-seed";
import { adminCookie, dbKinds, flag, freshDatabase, memoryOf, startServer, type DbKind } from "./support-server";

/**
 * npm run bench:admin [-- --db=pglite|postgres|both] [--rows=50000]
 * Big lists: the admin list query with search/filter/sort over 50 000 rows,
 * and the 50 000-row exports with the server's memory sampled meanwhile.
 */

const ROWS = Number(flag("rows", "50000"));
const TARGET = { listP95Ms: 15, exportMs: 3000, exportGrowthBytes: 100 * 1024 * 1024 };

const SEARCHES = [
  "",
  "maria",
  "silva",
  "joão",
  "JOAO",
  "conceição",
  "ana s",
  "rafael rocha",
  "xyz",
  "a",
  "beatriz ara",
  "inês",
  "heloisa",
  "sampaio",
  "lu",
  "gonçalves",
  "davi brandão",
  "zz",
];
const STATUSES = ["todos", "pendente", "confirmado"];
const SORTS = ["recentes", "antigos", "nome"];

function listQueries(): string[] {
  const urls: string[] = [];
  for (const q of SEARCHES)
    for (const status of STATUSES)
      for (const sort of SORTS) urls.push(`?${new URLSearchParams({ q, status, sort, page: "1" })}`);
  // Paging: the next pages, and a jump to the far end (the pagination's last page).
  for (const sort of SORTS)
    for (const page of ["2", "3", "10", "100000"])
      for (const q of ["", "silva"]) urls.push(`?${new URLSearchParams({ q, status: "todos", sort, page })}`);
  return urls;
}

async function timeList(baseUrl: string, cookie: string, query: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/registrations${query}`, { headers: { cookie } });
  const body = (await res.json()) as { total?: number; error?: string };
  const elapsed = performance.now() - started;
  if (!res.ok) throw new Error(`lista ${query}: ${res.status} ${body.error}`);
  return elapsed;
}

interface ExportResult {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  baselineRss: number;
  peakRss: number;
  body: Buffer;
}

async function timeExport(baseUrl: string, cookie: string, pid: number, ext: "xlsx" | "csv"): Promise<ExportResult> {
  // Let the heap settle after the list queries, then take the baseline.
  await new Promise((r) => setTimeout(r, 500));
  const baselineRss = memoryOf(pid).rss;
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid).rss);
  }, 10);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/registrations/export.${ext}?sort=nome`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export.${ext}: ${res.status}`);
  let firstByteMs = 0;
  const chunks: Buffer[] = [];
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    if (!firstByteMs) firstByteMs = performance.now() - started;
    chunks.push(Buffer.from(r.value));
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, memoryOf(pid).rss);
  const body = Buffer.concat(chunks);
  return { firstByteMs, totalMs, bytes: body.length, baselineRss, peakRss, body };
}

function xlsxRowCount(body: Buffer): number {
  const files = unzipSync(new Uint8Array(body), { filter: (f) => f.name === "xl/worksheets/sheet1.xml" });
  const xml = strFromU8(files["xl/worksheets/sheet1.xml"]);
  return xml.split("<row ").length - 1;
}

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: ${ROWS} inscrições ---`);
  const db = await freshDatabase(kind);
  try {
    const seedMs = await seedRegistrations(db, ROWS);
    report.info(`[${kind}] semear ${ROWS} linhas`, ms(seedMs));
    const server = await startServer(db.env);
    try {
      const cookie = await adminCookie(server.baseUrl);
      const queries = listQueries();
      for (const q of queries) await timeList(server.baseUrl, cookie, q); // warm-up: plans, caches, JIT
      const all: number[] = [];
      const groups: Record<string, number[]> = {
        "sem busca": [],
        "busca 1-2 letras": [],
        "busca 3+ letras": [],
        "página > 1": [],
      };
      const slowest: [number, string][] = [];
      for (let round = 0; round < 3; round++) {
        for (const q of queries) {
          const t = await timeList(server.baseUrl, cookie, q);
          all.push(t);
          const params = new URLSearchParams(q);
          const term = params.get("q") ?? "";
          if (params.get("page") !== "1") groups["página > 1"].push(t);
          else if (!term) groups["sem busca"].push(t);
          else groups[term.length < 3 ? "busca 1-2 letras" : "busca 3+ letras"].push(t);
          slowest.push([t, q]);
        }
      }
      slowest.sort((a, b) => b[0] - a[0]);
      report.check(
        `[${kind}] lista p95 (${all.length} consultas)`,
        ms(percentile(all, 95)),
        "≤ 15 ms",
        percentile(all, 95) <= TARGET.listP95Ms,
      );
      report.info(`[${kind}] lista p50`, ms(percentile(all, 50)));
      for (const [name, times] of Object.entries(groups)) {
        report.info(
          `[${kind}]   p50 / p95 ${name} (${times.length})`,
          `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`,
        );
      }
      report.info(`[${kind}] lista máx`, `${ms(slowest[0][0])}`);
      console.log(
        `    mais lentas: ${slowest
          .slice(0, 3)
          .map(([t, q]) => `${ms(t)} ${decodeURIComponent(q)}`)
          .join(" | ")}`,
      );

      const xlsx = await timeExport(server.baseUrl, cookie, server.pid, "xlsx");
      const rows = xlsxRowCount(xlsx.body);
      if (rows !== ROWS + 3) throw new Error(`xlsx com ${rows} linhas, esperado ${ROWS + 3}`);
      report.check(`[${kind}] export xlsx ${ROWS} linhas`, ms(xlsx.totalMs), "≤ 3 s", xlsx.totalMs <= TARGET.exportMs);
      report.info(`[${kind}] xlsx primeiro byte / tamanho`, `${ms(xlsx.firstByteMs)} / ${mb(xlsx.bytes)}`);
      const growth = xlsx.peakRss - xlsx.baselineRss;
      report.check(`[${kind}] RSS extra durante o xlsx`, mb(growth), "≤ 100 MB", growth <= TARGET.exportGrowthBytes);
      report.info(`[${kind}] RSS base → pico (xlsx)`, `${mb(xlsx.baselineRss)} → ${mb(xlsx.peakRss)}`);

      const csv = await timeExport(server.baseUrl, cookie, server.pid, "csv");
      report.info(`[${kind}] export csv ${ROWS} linhas`, `${ms(csv.totalMs)} (${mb(csv.bytes)})`);
      report.info(`[${kind}] RSS extra durante o csv`, mb(csv.peakRss - csv.baselineRss));
      report.info(`[${kind}] VmHWM do servidor`, mb(memoryOf(server.pid).hwm));
    } finally {
      await server.stop();
    }
  } finally {
    db.dispose();
  }
}

async function main(): Promise<void> {
  const report = new Report(`bench:admin (${ROWS} inscrições)`);
  for (const kind of dbKinds("pglite")) await run(kind, report);
  report.print();
}

runBench(main);
