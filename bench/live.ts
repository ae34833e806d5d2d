import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { mb, ms, percentile, Report, runBench } from "./support-report";
import { openAdminStream, type AdminStream } from "./support-sse";
import { adminCookie, dbKinds, flag, freshDatabase, memoryOf, startServer, type DbKind } from "./support-server";

/**
 * npm run bench:live [-- --db=pglite|postgres|both] [--streams=1000] [--posts=50]
 * Live fan-out: 1 000 admin SSE streams on one server; registrations are
 * posted one at a time, and each stream times the `registration-inserted`
 * event against the moment the POST's response arrived. This process is the
 * client only; the server is a child process.
 */

const STREAMS = Number(flag("streams", "1000"));
const POSTS = Number(flag("posts", "50"));
const SPACING_MS = Number(flag("spacing", "200"));
const TARGET_P99_MS = 100;

async function post(baseUrl: string, i: number): Promise<{ id: string; at: number }> {
  const res = await fetch(`${baseUrl}/api/registrations`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      nome_completo: `Ao Vivo ${i}`,
      idade: 20,
      numero_responsavel: "98912345678",
      metodo_pagamento: "PIX",
    }),
  });
  const body = (await res.json()) as { id?: string; error?: string };
  const at = performance.now();
  if (res.status !== 201 || !body.id) throw new Error(`POST ${i}: ${res.status} ${body.error}`);
  return { id: body.id, at };
}

async function run(kind: DbKind, report: Report): Promise<void> {
  console.log(`\n--- ${kind}: ${STREAMS} streams de admin, ${POSTS} inscrições a cada ${SPACING_MS} ms ---`);
  const db = await freshDatabase(kind);
  const streams: AdminStream[] = [];
  try {
    // 50 posts from one IP: over the production limit of 30 a minute.
    console.log("REGISTRATION_RATE_LIMIT elevado para 100000 (produção: 30 por minuto por IP)");
    // Every stream comes from 127.0.0.1 here: the per-client cap is lifted to measure the fan-out.
    const server = await startServer({
      ...db.env,
      REGISTRATION_RATE_LIMIT: "100000",
      REGISTRATIONS_PER_PHONE: "1000",
      EVENTS_MAX_PER_CLIENT: String(STREAMS + 10),
      EVENTS_MAX_TOTAL: String(STREAMS + 10),
    });
    try {
      const cookie = await adminCookie(server.baseUrl);
      const arrivals = new Map<string, number[]>();
      const onInserted = (id: string, at: number) => {
        const list = arrivals.get(id) ?? [];
        arrivals.set(id, list);
        list.push(at);
      };
      const rssBefore = memoryOf(server.pid).rss;
      const openStarted = performance.now();
      // In batches, so the listen backlog never overflows into SYN retries.
      for (let i = 0; i < STREAMS; i += 100) {
        const batch = Array.from({ length: Math.min(100, STREAMS - i) }, () =>
          openAdminStream(server.baseUrl, cookie, onInserted),
        );
        streams.push(...batch);
        await Promise.all(batch.map((s) => s.opened));
      }
      report.info(`[${kind}] abrir ${STREAMS} streams`, ms(performance.now() - openStarted));
      report.info(`[${kind}] RSS do servidor com os streams`, `${mb(rssBefore)} → ${mb(memoryOf(server.pid).rss)}`);

      const responses: { id: string; at: number }[] = [];
      for (let i = 0; i < POSTS; i++) {
        responses.push(await post(server.baseUrl, i));
        await sleep(SPACING_MS);
      }
      // Every stream should have every event; wait a little for stragglers.
      const deadline = performance.now() + 10_000;
      const complete = () => responses.every((r) => (arrivals.get(r.id)?.length ?? 0) >= STREAMS);
      while (!complete() && performance.now() < deadline) await sleep(50);

      const delays: number[] = [];
      let early = 0;
      for (const r of responses) {
        for (const at of arrivals.get(r.id) ?? []) {
          // The event may beat the POST's own response to the client: that counts as no delay.
          if (at < r.at) early++;
          delays.push(Math.max(0, at - r.at));
        }
      }
      const expected = POSTS * STREAMS;
      report.check(`[${kind}] eventos entregues`, `${delays.length}/${expected}`, "todos", delays.length === expected);
      report.info(`[${kind}] atraso p50`, ms(percentile(delays, 50)));
      const p99 = percentile(delays, 99);
      report.check(`[${kind}] atraso p99`, ms(p99), "≤ 100 ms", p99 <= TARGET_P99_MS);
      report.info(`[${kind}] atraso máx`, ms(Math.max(...delays)));
      report.info(`[${kind}] eventos antes da resposta do POST`, String(early));
    } finally {
      for (const s of streams) s.req.destroy();
      await server.stop();
    }
  } finally {
    db.dispose();
  }
}

async function main(): Promise<void> {
  const report = new Report(`bench:live (${STREAMS} streams, ${POSTS} inscrições)`);
  for (const kind of dbKinds("pglite")) await run(kind, report);
  report.print();
}

runBench(main);
