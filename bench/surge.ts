import { randomUUID } from "node:crypto";
import type { RegistrationData } from "../src/shared/registration-schema";
import type { Queryable } from "../src/server/db/database";
import { openDatabase } from "../src/server/db/open-database";
import { createRegistration } from "../src/server/registrations/create-registration";
import { registrationWriter } from "../src/server/registrations/registration-writer";
import { ms, Report, runBench } from "./support-report";
import {
  adminCookie,
  cpuMsOf,
  dbKinds,
  flag,
  freshDatabase,
  nodeArgsFlag,
  startServer,
  threadCpuMsOf,
  threadCpuSplit,
  type DbKind,
} from "./support-server";
import { openAdminStream } from "./support-sse";
import { SURGE_CONNECTIONS, SURGE_RATE_LIMIT, surge, surgeRegistration } from "./support-surge";
import { quietLog } from "../test/support/quiet-log";

/**
 * npm run bench:surge [-- --db=pglite|postgres|both] [--duration=20] [--panels=0] [--rate=N] [--seats=N] [--node-args="--flag …"]
 * Registration surge: 64 clients POST unique registrations for 20 s against
 * the production server, then the same insert in a loop without HTTP on the
 * same database, for the ratio of the two rates. The server groups
 * registrations that arrive together into one INSERT (registration-writer.ts),
 * so the same grouping without HTTP is printed too. --panels=N keeps N admin
 * panels' live streams open during the surge, as a coordinator watching the
 * list would, and checks that each one received every registration.
 * --seats=N configures buses of at most 100 seats holding N in all, before the
 * surge: the bench then checks that exactly N are seated, the rest wait in
 * positions 1..n, and nobody is over capacity.
 */

const DURATION_S = Number(flag("duration", "20"));
const PANELS = Number(flag("panels", "0"));
/** Registrations a second from all clients together; 0 sends as fast as the server answers. */
const RATE = Number(flag("rate", "0"));
/** Seats in all; 0 configures no bus (no limit). */
const SEATS = Number(flag("seats", "0"));
const CONNECTIONS = SURGE_CONNECTIONS;
const RATE_LIMIT = SURGE_RATE_LIMIT;
const RAW_SECONDS = Math.min(10, Math.max(3, DURATION_S / 2));
const TARGET = { p99Ms: 50, ratio: 0.5 };

type Insert = (data: RegistrationData, key: string) => Promise<unknown>;

/** `insert` called directly, `parallel` loops at a time, for RAW_SECONDS. */
async function rawInsertRate(insert: Insert, start: number, parallel: number) {
  let next = start;
  const deadline = performance.now() + RAW_SECONDS * 1000;
  const started = performance.now();
  let done = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      await insert(surgeRegistration(next++), randomUUID());
      done++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, loop));
  return done / ((performance.now() - started) / 1000);
}

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: ${CONNECTIONS} clientes por ${DURATION_S} s ---`);
  console.log(`REGISTRATION_RATE_LIMIT elevado para ${RATE_LIMIT} (produção: 30 por minuto por IP)`);
  const db = await freshDatabase(kind);
  try {
    const server = await startServer({ ...db.env, REGISTRATION_RATE_LIMIT: RATE_LIMIT }, nodeArgsFlag());
    let counter = 0;
    let result: Awaited<ReturnType<typeof surge>>["result"] | undefined;
    let serverCpuMs = 0;
    let threads = { main: 0, busiest: 0, rest: 0 };
    let clientCpu = process.cpuUsage();
    const seen = Array.from({ length: PANELS }, () => new Set<string>());
    try {
      const cookie = PANELS || SEATS ? await adminCookie(server.baseUrl) : "";
      await addBuses(server.baseUrl, cookie);
      const panels = seen.map((ids) => openAdminStream(server.baseUrl, cookie, (id) => ids.add(id)));
      await Promise.all(panels.map((p) => p.opened));
      if (PANELS) console.log(`${PANELS} painel(is) de admin abertos, recebendo as inscrições ao vivo`);
      const cpuBefore = cpuMsOf(server.pid);
      const threadsBefore = threadCpuMsOf(server.pid);
      clientCpu = process.cpuUsage();
      const load = await surge(server.baseUrl, DURATION_S, RATE || undefined);
      result = load.result;
      counter = load.sent;
      serverCpuMs = cpuMsOf(server.pid) - cpuBefore;
      threads = threadCpuSplit(server.pid, threadsBefore, threadCpuMsOf(server.pid));
      // Every registration the server answered must reach every panel; the last ones may still be on their way.
      const deadline = Date.now() + 10_000;
      while (seen.some((ids) => ids.size < result!["2xx"]) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      for (const p of panels) p.req.destroy();
    } finally {
      await server.stop();
    }
    const client = process.cpuUsage(clientCpu);
    const ok = result["2xx"];
    const failed = result.non2xx + result.errors;
    const httpRate = ok / result.duration;
    report.info(`[${kind}] HTTP inscrições/s`, httpRate.toFixed(0));
    report.info(`[${kind}] requisições 2xx`, String(ok));
    report.check(`[${kind}] erros (não-2xx + falhas)`, String(failed), "0", failed === 0);
    report.info(`[${kind}] latência p50`, ms(result.latency.p50));
    report.check(`[${kind}] latência p99`, ms(result.latency.p99), "≤ 50 ms", result.latency.p99 <= TARGET.p99Ms);
    if (failed) console.log(`    códigos: ${JSON.stringify(result.statusCodeStats)}`);
    // CPU per request does not depend on how busy the machine was, unlike the latencies.
    report.info(`[${kind}] CPU do servidor por inscrição`, ms(serverCpuMs / counter));
    // Two cores hold the server's threads and the load generator: CPU saved on any of them is throughput.
    report.info(`[${kind}]   … na thread principal (HTTP)`, ms(threads.main / counter));
    report.info(
      `[${kind}]   … na ${kind === "pglite" ? "thread do PGlite" : "outra thread mais ocupada"}`,
      ms(threads.busiest / counter),
    );
    report.info(`[${kind}]   … nas demais threads`, ms(threads.rest / counter));
    if (PANELS) {
      const fewest = Math.min(...seen.map((ids) => ids.size));
      report.check(`[${kind}] inscrições ao vivo no painel que menos recebeu`, String(fewest), `≥ ${ok}`, fewest >= ok);
    }
    report.info(
      `[${kind}] CPU do ${PANELS ? "cliente (autocannon e painéis)" : "autocannon"} por inscrição`,
      ms((client.user + client.system) / 1000 / counter),
    );

    // The server is stopped: PGlite allows one process per DATA_DIR, and the raw rate must not share the CPU.
    const conn = await openDatabase(db.config, quietLog);
    try {
      if (SEATS) await checkSeats(conn, kind, report);
      const [{ n }] = await conn.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations");
      // Requests still in flight when the clock stops are served but not counted by autocannon.
      if (n < ok || n > ok + CONNECTIONS) throw new Error(`${ok} respostas 201, mas ${n} linhas no banco`);
      // PGlite runs one query at a time; PostgreSQL gets the server's pool size (10) of parallel loops.
      const parallel = kind === "pglite" ? 1 : 10;
      const single: Insert = (data, key) => createRegistration(conn, data, key);
      const rawRate = await rawInsertRate(single, counter + 1, parallel);
      report.info(
        `[${kind}] inserção direta/s, uma por INSERT (${parallel} laço${parallel > 1 ? "s" : ""})`,
        rawRate.toFixed(0),
      );
      // The server's own grouping, as many in flight as the bench has clients.
      const writer = registrationWriter(conn, { concurrency: 2 });
      const groupedRate = await rawInsertRate((data, key) => writer.create(data, key), counter + 1e6, CONNECTIONS);
      report.info(`[${kind}] inserção direta/s, agrupadas (${CONNECTIONS} em voo)`, groupedRate.toFixed(0));
      // Little's law: 64 requests always in flight, served at most at the grouped
      // rate, wait at least 64 / rate on average, however fast the HTTP layer is.
      report.info(
        `[${kind}] piso da latência média (${CONNECTIONS} / taxa agrupada)`,
        ms((CONNECTIONS / groupedRate) * 1000),
      );
      report.info(`[${kind}] HTTP / direta agrupada`, (httpRate / groupedRate).toFixed(2));
      const ratio = httpRate / rawRate;
      report.check(`[${kind}] razão HTTP / direta (uma por INSERT)`, ratio.toFixed(2), "≥ 0.5", ratio >= TARGET.ratio);
    } finally {
      await conn.close();
    }
  } finally {
    db.dispose();
  }
}

/** Buses of up to 100 seats (the most one bus may have) holding SEATS in all, through the admin API. */
async function addBuses(baseUrl: string, cookie: string): Promise<void> {
  for (let left = SEATS, n = 1; left > 0; left -= 100, n++) {
    const res = await fetch(`${baseUrl}/api/buses`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ nome: `Ônibus ${n}`, lugares: Math.min(100, left) }),
    });
    if (res.status !== 201) throw new Error(`ônibus recusado: ${res.status} ${await res.text()}`);
  }
  if (SEATS) console.log(`${SEATS} lugares em ônibus configurados antes do surto`);
}

/** Exactly SEATS seated, nobody over capacity, the rest in line with positions 1..n. */
async function checkSeats(conn: Queryable, kind: DbKind, report: Report): Promise<void> {
  const [row] = await conn.query<{ seated: number; over: number; waiting: number; orders: number }>(
    `SELECT (SELECT count(*)::int FROM registrations WHERE situacao = 'vaga') AS seated,
            (SELECT coalesce(sum(greatest(n - lugares, 0)), 0)::int FROM
               (SELECT o.lugares, (SELECT count(*) FROM registrations r WHERE r.onibus_id = o.id) AS n FROM onibus o) b) AS over,
            (SELECT count(*)::int FROM registrations WHERE situacao = 'espera') AS waiting,
            (SELECT count(DISTINCT ordem_espera)::int FROM registrations WHERE situacao = 'espera') AS orders`,
  );
  report.check(`[${kind}] acima da capacidade`, String(row.over), "0", row.over === 0);
  report.check(`[${kind}] sentados`, String(row.seated), `= ${SEATS}`, row.seated === SEATS);
  report.check(
    `[${kind}] lista de espera, posições 1..n sem repetição`,
    `${row.waiting} (${row.orders} distintas)`,
    "n = distintas",
    row.orders === row.waiting,
  );
}

async function main(): Promise<void> {
  const pace = (RATE ? `, ${RATE} inscrições/s` : "") + (SEATS ? `, ${SEATS} lugares` : "");
  const report = new Report(`bench:surge (${CONNECTIONS} clientes, ${DURATION_S} s${pace})`);
  for (const kind of dbKinds("both")) await run(kind, report);
  report.print();
}

runBench(main);
