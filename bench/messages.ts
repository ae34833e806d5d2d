import { DEFAULT_MESSAGE_TEXTS } from "../src/shared/messages";
import type { MessageListView } from "../src/shared/message-lists";
import { ms, percentile, Report, runBench } from "./support-report";
import { seedRegistrations } from "./support-seed";
import { adminCookie, dbKinds, flag, freshDatabase, startServer, type DbKind } from "./support-server";

/**
 * npm run bench:messages [-- --db=pglite|postgres|both] [--rows=2000] [--opens=200]
 * "Mensagens" (decision 043) against the production server, on each engine:
 *   - building a list for every seated person of 2 000 registrations (one row
 *     per phone): the median of 5, target ≤ 500 ms;
 *   - "Abrir WhatsApp" on a row (check the people again, new personal links,
 *     the text, the row marked sent, the redirect): p95 over 200 rows, target ≤ 100 ms.
 */

const ROWS = Number(flag("rows", "2000"));
const OPENS = Number(flag("opens", "200"));
const TARGET = { buildMs: 500, openP95Ms: 100 };

async function run(kind: DbKind, report: Report): Promise<void> {
  const db = await freshDatabase(kind);
  try {
    await seedRegistrations(db, ROWS);
    const server = await startServer(db.env);
    try {
      const cookie = await adminCookie(server.baseUrl);
      const headers = { cookie, "content-type": "application/json", origin: server.baseUrl };
      const build = async () => {
        const started = performance.now();
        const res = await fetch(`${server.baseUrl}/api/mensagens/listas`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            grupo: "com_vaga",
            texto_chave: "lembrete_pagamento",
            texto: DEFAULT_MESSAGE_TEXTS.lembrete_pagamento.texto,
          }),
        });
        const body = (await res.json()) as { id?: string; error?: string };
        if (res.status !== 201) throw new Error(`lista: ${res.status} ${body.error}`);
        return { id: body.id as string, elapsed: performance.now() - started };
      };
      await build(); // warm-up
      const builds: number[] = [];
      let listId = "";
      for (let i = 0; i < 5; i++) {
        const b = await build();
        builds.push(b.elapsed);
        listId = b.id;
      }
      const list = (await (
        await fetch(`${server.baseUrl}/api/mensagens/listas/${listId}`, { headers })
      ).json()) as MessageListView;
      const median = builds.sort((a, b) => a - b)[2];
      report.check(
        `[${kind}] lista de ${list.total} mensagens (${ROWS} inscrições), mediana de 5`,
        ms(median),
        "≤ 500 ms",
        median <= TARGET.buildMs,
      );

      const opens: number[] = [];
      const rows = list.linhas.filter((r) => r.estado === "aguardando").slice(0, OPENS);
      for (const row of rows) {
        const started = performance.now();
        const res = await fetch(`${server.baseUrl}/api/mensagens/linhas/${row.id}/whatsapp`, {
          headers: { cookie, "sec-fetch-site": "same-origin" },
          redirect: "manual",
        });
        await res.arrayBuffer();
        opens.push(performance.now() - started);
        if (res.status !== 302 || !res.headers.get("location")?.startsWith("https://wa.me/55")) {
          throw new Error(`abrir: ${res.status} ${res.headers.get("location")}`);
        }
      }
      const p95 = percentile(opens, 95);
      report.check(
        `[${kind}] "Abrir WhatsApp" e marcar enviada, p95 de ${opens.length}`,
        ms(p95),
        "≤ 100 ms",
        p95 <= TARGET.openP95Ms,
      );
    } finally {
      await server.stop();
    }
  } finally {
    db.dispose();
  }
}

async function main(): Promise<void> {
  const report = new Report(`bench:messages (${ROWS} inscrições)`);
  for (const kind of dbKinds("both")) await run(kind, report);
  report.print();
}

runBench(main);
