import { openDatabase } from "../src/server/db/open-database";
import type { MessageListView } from "../src/shared/message-lists";
import { startPushReceiver } from "../test/support/push-receiver";
import { ms, percentile, Report, runBench } from "./support-report";
import { seedRegistrations } from "./support-seed";
import { adminCookie, dbKinds, type DbKind, flag, freshDatabase, startServer } from "./support-server";
import { quietLog } from "../test/support/quiet-log";

/**
 * npm run bench:notices [-- --db=pglite|postgres|both] [--phones=2000]
 * "Avisos neste celular" (decision 050) against the production server: 2,000
 * registrations, each with a phone subscribed on a local push service (the
 * tests' receiver, which checks each post's VAPID token and decrypts it as a
 * phone would). One "Mensagens" list sent as notices to all of them:
 *   - "Enviar aviso no celular" answers (every notice queued) in ≤ 1 s;
 *   - the notices reach the push service at ≥ 200 a second;
 *   - a visitor's GET / keeps p95 ≤ 200 ms meanwhile.
 */

const PHONES = Number(flag("phones", "2000"));
const TARGET = { queueMs: 1000, perSecond: 200, visitorP95Ms: 200 };

async function run(kind: DbKind, report: Report): Promise<void> {
  const receiver = await startPushReceiver();
  const database = await freshDatabase(kind);
  try {
    await seedRegistrations(database, PHONES);
    // Every registration's phone turned notices on (the API's own path is the tests'; here, the rows it writes).
    const db = await openDatabase(database.config, quietLog);
    const ids = (await db.query<{ id: string }>("SELECT id FROM registrations ORDER BY created_at")).map((r) => r.id);
    const subs = ids.map(() => receiver.subscription());
    await db.query(
      `WITH s AS (
         INSERT INTO aviso_assinaturas (endpoint, p256dh, auth, origem_hash)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], array_fill('bench'::text, ARRAY[cardinality($1::text[])]))
         RETURNING id, endpoint)
       INSERT INTO aviso_inscricoes (assinatura_id, inscricao_id)
       SELECT s.id, t.inscricao FROM s JOIN unnest($1::text[], $4::uuid[]) AS t(endpoint, inscricao) USING (endpoint)`,
      [subs.map((s) => s.json.endpoint), subs.map((s) => s.json.keys.p256dh), subs.map((s) => s.json.keys.auth), ids],
    );
    await db.close();

    const server = await startServer({ ...database.env, PUSH_ENDPOINTS_EXTRA: receiver.origin });
    try {
      const cookie = await adminCookie(server.baseUrl);
      const headers = { cookie, "content-type": "application/json", origin: server.baseUrl };
      const made = await fetch(`${server.baseUrl}/api/mensagens/listas`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          grupo: "com_vaga",
          texto_chave: "horario_saida",
          texto: "Olá! Amanhã é a caravana.\n• {nome}: {onibus}\nSaída às {horario}, em {local}.",
        }),
      });
      const { id } = (await made.json()) as { id: string };
      const list = (await (
        await fetch(`${server.baseUrl}/api/mensagens/listas/${id}`, { headers })
      ).json()) as MessageListView;
      report.info(`[${kind}] lista`, `${list.avisos.pessoas} pessoas com aviso, ${list.avisos.linhas} linhas`);

      let visitors = true;
      const loads: number[] = [];
      const visitor = (async () => {
        while (visitors) {
          const started = performance.now();
          await (await fetch(`${server.baseUrl}/`)).arrayBuffer();
          loads.push(performance.now() - started);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const started = performance.now();
      const startedWall = Date.now();
      const res = await fetch(`${server.baseUrl}/api/mensagens/listas/${id}/avisos`, {
        method: "POST",
        headers: { cookie, origin: server.baseUrl },
      });
      const sent = (await res.json()) as { pessoas: number; linhas: number };
      const queued = performance.now() - started;
      let delivered = true;
      await receiver.waitFor(list.avisos.pessoas, 120_000).catch(() => {
        delivered = false;
      });
      const lastAt = Math.max(...receiver.received.map((r) => r.at));
      const firstAt = Math.min(...receiver.received.map((r) => r.at));
      visitors = false;
      await visitor;

      report.check(
        `[${kind}] "Enviar aviso no celular" a ${sent.pessoas} pessoas: respondido (todos na fila) em`,
        ms(queued),
        "≤ 1 s",
        res.ok && sent.pessoas === PHONES && queued <= TARGET.queueMs,
      );
      const seconds = (lastAt - startedWall) / 1000;
      const rate = receiver.received.length / seconds;
      report.check(
        `[${kind}] entregues ao serviço de push: ${receiver.received.length} em ${seconds.toFixed(1)} s`,
        `${rate.toFixed(0)}/s`,
        "≥ 200/s",
        delivered && receiver.received.length === PHONES && rate >= TARGET.perSecond,
      );
      report.info(`[${kind}] do primeiro ao último aviso`, ms(lastAt - firstAt));
      report.check(
        `[${kind}] problemas no receptor (VAPID, cabeçalhos, decifragem)`,
        String(receiver.problems.length),
        "0",
        receiver.problems.length === 0,
      );
      const p95 = percentile(loads, 95);
      report.check(
        `[${kind}] visitante GET / p95 durante o envio (${loads.length} cargas)`,
        ms(p95),
        "≤ 200 ms",
        p95 <= TARGET.visitorP95Ms,
      );
    } finally {
      await server.stop();
    }
  } finally {
    database.dispose();
    await receiver.close();
  }
}

async function main() {
  const report = new Report("bench:notices (avisos no celular)");
  for (const kind of dbKinds("both")) await run(kind, report);
  report.print();
  if (report.missed) process.exitCode = 1;
}

runBench(main);
