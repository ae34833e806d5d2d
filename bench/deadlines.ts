import { readFileSync } from "node:fs";
import { openDatabase } from "../src/server/db/open-database";
import type { Database } from "../src/server/db/database";
import { releaseExpired } from "../src/server/deadlines/release-expired";
import { ms, percentile, Report, runBench } from "./support-report";
import { dbKinds, type DbKind, freshDatabase, startServer } from "./support-server";
import { quietLog } from "../test/support/quiet-log";

/**
 * npm run bench:deadlines [-- --db=pglite|postgres|both]
 * Payment deadlines (decision 049) at scale: 50,000 registrations, 45,000 of
 * them seated in 450 buses and 5,000 waiting; 5,000 seated deadlines pass at
 * once. The production server's first pass (the one a start makes) releases
 * them and seats the 5,000 waiting, each with a deadline of their own, while a
 * visitor loads "/" every 50 ms. Then, on the database alone: what one release
 * adds to the seat change it makes (a give-up of one seated person, which
 * seats the next one, against the release of one).
 */

const SEATED = 45_000;
const WAITING = 5_000;
const DUE = 5_000;

async function seed(db: Database): Promise<void> {
  await db.transaction((tx) => seedIn(tx as Database));
}

async function seedIn(db: Database): Promise<void> {
  // A seed of 50,000 rows takes longer than a request's statement timeout.
  await db.exec("SET LOCAL statement_timeout = 0");
  await db.query(
    "INSERT INTO onibus (nome, lugares, ordem) SELECT 'Ônibus ' || g, 100, g FROM generate_series(1, $1::int) g",
    [SEATED / 100],
  );
  // Rows made the way the form makes them, seats taken in order; then the waiting list.
  for (let from = 0; from < SEATED + WAITING; from += 5000) {
    await db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento,
                                  referencia, created_at, preco_centavos)
       SELECT 'Pessoa Prazo ' || g, 20, '989' || lpad(g::text, 8, '0'), 'PIX',
              CASE WHEN g % 9 = 0 OR g > $3 THEN 'pendente' ELSE 'confirmado' END,
              NULL, now() - make_interval(secs => ($2 - g)), 1500
       FROM generate_series($1::int + 1, $1::int + 5000) g`,
      [from, SEATED + WAITING, SEATED],
    );
  }
  // 5,000 seated people who still owe, their deadline (and the tolerance) long past.
  await db.query(
    `UPDATE registrations SET prazo_pagamento = now() - interval '10 days'
     WHERE id IN (SELECT id FROM registrations WHERE situacao = 'vaga' AND status_pagamento = 'pendente'
                  ORDER BY created_at LIMIT $1)`,
    [DUE],
  );
}

interface VisitorStats {
  latencies: number[];
  errors: number;
}

function visitor(base: string): { stop: () => Promise<VisitorStats> } {
  const stats: VisitorStats = { latencies: [], errors: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/`);
        await res.arrayBuffer();
        if (res.ok) stats.latencies.push(performance.now() - started);
        else stats.errors++;
      } catch {
        stats.errors++;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return stats;
    },
  };
}

/** The server's log line of a pass: how many it released and how long it took. */
function passFromLog(logFile: string): { liberadas: number; ms: number } | null {
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes("vagas com prazo vencido liberadas")) continue;
    const entry = JSON.parse(line) as { liberadas: number; ms: number };
    return { liberadas: entry.liberadas, ms: entry.ms };
  }
  return null;
}

async function onePerson(db: Database, r: Report, kind: DbKind) {
  // Each change rolled back, so every run starts from the same rows; the two alternate.
  const seatedOwing = async () =>
    (
      await db.query<{ id: string }>(
        "SELECT id FROM registrations WHERE situacao = 'vaga' AND status_pagamento = 'pendente' ORDER BY random() LIMIT 1",
      )
    )[0].id;
  const rolledBack = async (work: (tx: Database) => Promise<unknown>) => {
    const started = performance.now();
    await db
      .transaction(async (tx) => {
        await work({ ...db, ...tx, transaction: (fn) => fn(tx) } as Database);
        throw new Error("rollback");
      })
      .catch(() => {});
    return performance.now() - started;
  };
  const giveUp: number[] = [];
  const release: number[] = [];
  for (let i = 0; i < 40; i++) {
    const a = await seatedOwing();
    giveUp.push(
      await rolledBack((tx) =>
        tx.query(
          "UPDATE registrations SET situacao = 'desistente', onibus_id = NULL, updated_at = now() WHERE id = $1",
          [a],
        ),
      ),
    );
    // Its deadline passed before the timing starts: moving it back is the bench's doing, not the release's.
    const b = await seatedOwing();
    await db.query("UPDATE registrations SET prazo_pagamento = now() - interval '10 days' WHERE id = $1", [b]);
    release.push(await rolledBack((tx) => releaseExpired(tx, { ids: [b] })));
  }
  const added = percentile(release, 50) - percentile(giveUp, 50);
  r.info(`${kind} uma desistência (passa a vaga adiante), mediana`, ms(percentile(giveUp, 50)));
  r.info(`${kind} uma vaga vencida liberada (passa a vaga adiante), mediana`, ms(percentile(release, 50)));
  r.check(`${kind} o que a liberação acrescenta à troca de vaga`, ms(added), "≤ 5 ms", added <= 5);
}

async function runKind(kind: DbKind, r: Report) {
  const database = await freshDatabase(kind);
  try {
    const db = await openDatabase(database.config, quietLog);
    const seeded = performance.now();
    await seed(db);
    // A database that grew over weeks has been vacuumed and analysed by then.
    await db.exec("VACUUM ANALYZE");
    r.info(`${kind} semeadura (${SEATED} com vaga, ${WAITING} esperando)`, ms(performance.now() - seeded));
    await db.close();

    const server = await startServer(database.env);
    try {
      const v = visitor(server.baseUrl);
      let pass = passFromLog(server.logFile);
      const deadline = Date.now() + 120_000;
      while (!pass && Date.now() < deadline) {
        await new Promise((res) => setTimeout(res, 100));
        pass = passFromLog(server.logFile);
      }
      // A moment more of visitors after the pass, then the figures.
      await new Promise((res) => setTimeout(res, 500));
      const stats = await v.stop();
      r.check(
        `${kind} ${DUE} prazos vencidos de uma vez: liberados em`,
        pass ? `${pass.liberadas} em ${ms(pass.ms)}` : "não terminou em 120 s",
        "5000 em ≤ 2 s",
        pass !== null && pass.liberadas === DUE && pass.ms <= 2000,
      );
      const p95 = percentile(stats.latencies, 95);
      r.check(`${kind} visitante GET / p95 durante a liberação`, ms(p95), "≤ 200 ms", p95 <= 200 && stats.errors === 0);
    } finally {
      await server.stop();
    }

    const after = await openDatabase(database.config, quietLog);
    try {
      const [counts] = await after.query<{ vencidas: number; esperando: number; prazos: number }>(
        `SELECT count(*) FILTER (WHERE situacao = 'vencida')::int AS vencidas,
                count(*) FILTER (WHERE situacao = 'espera')::int AS esperando,
                count(*) FILTER (WHERE promovido_em IS NOT NULL AND prazo_pagamento IS NOT NULL)::int AS prazos
         FROM registrations`,
      );
      r.check(
        `${kind} depois: vencidas / ainda esperando / promovidos com prazo próprio`,
        `${counts.vencidas} / ${counts.esperando} / ${counts.prazos}`,
        `${DUE} / 0 / ${DUE}`,
        counts.vencidas === DUE && counts.esperando === 0 && counts.prazos === DUE,
      );
      await onePerson(after, r, kind);
    } finally {
      await after.close();
    }
  } finally {
    database.dispose();
  }
}

async function main() {
  const r = new Report("bench:deadlines (prazos de pagamento)");
  for (const kind of dbKinds("both")) await runKind(kind, r);
  r.print();
  if (r.missed) process.exitCode = 1;
}

runBench(main);
