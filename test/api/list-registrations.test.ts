import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type ListQuery, SORTS, STATUS_FILTERS } from "../../src/shared/admin-api";
import { PAGE_SIZE } from "../../src/shared/constants";
import { DB_KINDS, useFreshDatabase } from "../support/test-database";
import type { Database } from "../../src/server/db/database";
import { createRegistration } from "../../src/server/registrations/create-registration";
import { listRegistrations, registrationStats } from "../../src/server/registrations/list-registrations";
// The predicate itself is tested in one-registration-per-person.test.ts; here, paging over it.
import { POSSIBLE_DUPLICATE } from "../../src/server/registrations/registration-row";
import { markPaid } from "../../src/server/payments/payment-actions";
import { deleteRegistration, editRegistration } from "../../src/server/registrations/update-registration";

/** The truth the counters (registration_counts) must always agree with. */
async function countedTheSlowWay(db: Database) {
  const [row] = await db.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status_pagamento = 'pendente' AND situacao = 'vaga')::int AS pendentes,
            count(*) FILTER (WHERE status_pagamento = 'confirmado')::int AS confirmados,
            count(*) FILTER (WHERE metodo_pagamento = 'PIX')::int AS pix,
            count(*) FILTER (WHERE metodo_pagamento = 'ESPECIE')::int AS especie
     FROM registrations`,
  );
  return row;
}

describe.each(DB_KINDS)("registration counts and list pages on %s", (kind) => {
  let db: Database;
  useFreshDatabase(kind, (opened) => (db = opened));

  it("keeps the counters equal to count(*) through inserts, replays, edits, deletes and truncate", async () => {
    const expectInStep = async () => expect(await registrationStats(db)).toEqual(await countedTheSlowWay(db));
    await expectInStep();

    // A bulk insert with mixed statuses and methods: one statement, many rows.
    await db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento)
       SELECT 'Lote ' || g, 20, '98912345678',
              CASE WHEN g % 3 = 0 THEN 'ESPECIE' ELSE 'PIX' END,
              CASE WHEN g % 4 = 0 THEN 'confirmado' ELSE 'pendente' END
       FROM generate_series(1, 43) AS g`,
    );
    await expectInStep();

    const data = {
      nome_completo: "Ana Souza",
      idade: 17,
      numero_responsavel: "98987654321",
      metodo_pagamento: "PIX",
    } as const;
    const key = randomUUID();
    const { registration } = await createRegistration(db, data, key);
    const replay = await createRegistration(db, data, key); // ON CONFLICT DO NOTHING, then the replay's UPDATE
    expect(replay.replayed).toBe(true);
    await expectInStep();
    expect((await registrationStats(db)).total).toBe(44);

    await markPaid(db, registration.id);
    await expectInStep();
    await editRegistration(db, registration.id, {
      ...data,
      metodo_pagamento: "ESPECIE",
      status_pagamento: "pendente",
    });
    await expectInStep();
    await db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE nome_completo LIKE 'Lote 1%'");
    await expectInStep();
    await deleteRegistration(db, registration.id);
    await expectInStep();
    await db.query("DELETE FROM registrations WHERE nome_completo LIKE 'Lote 2%'");
    await expectInStep();

    await db.exec("TRUNCATE registrations CASCADE");
    await expectInStep();
    expect((await registrationStats(db)).total).toBe(0);
  });

  it("counts and filters 'Pendentes' as seated and owing: the waiting list and who gave up apart", async () => {
    await db.query("INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus 1', 2, 1)");
    await db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento)
       SELECT 'Pessoa ' || g, 20, '98912345678', 'PIX', 'pendente' FROM generate_series(1, 4) AS g`,
    );
    // Two seats: Pessoa 1 gives up, Pessoa 3 takes the seat, Pessoa 4 waits.
    await db.query(
      "UPDATE registrations SET situacao = 'desistente', onibus_id = NULL WHERE nome_completo = 'Pessoa 1'",
    );
    const places = await db.query<{ nome_completo: string; situacao: string }>(
      "SELECT nome_completo, situacao FROM registrations ORDER BY nome_completo",
    );
    expect(places.map((p) => p.situacao)).toEqual(["desistente", "vaga", "vaga", "espera"]);
    const seated = ["Pessoa 2", "Pessoa 3"];
    const stats = await registrationStats(db);
    expect(stats).toEqual(await countedTheSlowWay(db));
    expect(stats.pendentes).toBe(seated.length);
    const pending = await listRegistrations(db, { q: "", status: "pendente", sort: "nome", page: 1 });
    expect(pending.items.map((r) => r.nome_completo)).toEqual(seated);
    expect(pending.total).toBe(seated.length);
    const searched = await listRegistrations(db, { q: "p", status: "pendente", sort: "nome", page: 1 });
    expect(searched.total).toBe(seated.length);
    await db.exec("DELETE FROM registrations; DELETE FROM onibus;");
  });

  it("serves every page, from either end, in the same order as one long list", async () => {
    await db.exec("TRUNCATE registrations CASCADE");
    await db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at)
       SELECT (ARRAY['Bia', 'Caio', 'Íris', 'Davi Silva', 'Ana Silva'])[1 + g % 5] || ' ' || g, 20, '98912345678', 'PIX',
              CASE WHEN g % 3 = 0 THEN 'confirmado' ELSE 'pendente' END,
              timestamptz '2025-08-01 12:00:00+00' + (g / 3) * interval '1 minute'
       FROM generate_series(1, 57) AS g`,
    );
    for (const sort of SORTS) {
      for (const status of STATUS_FILTERS) {
        for (const q of ["", "silva"]) {
          const query = (page: number): ListQuery => ({ q, status, sort, onibus: "", page });
          const first = await listRegistrations(db, query(1));
          const pages = [first];
          for (let p = 2; p <= first.pageCount; p++) pages.push(await listRegistrations(db, query(p)));
          const ids = pages.flatMap((pg) => pg.items.map((r) => r.id));
          expect(ids).toHaveLength(first.total);
          expect(new Set(ids).size).toBe(first.total);
          // The same rows, in the same order, as one query that sorts everything.
          const all = await listRegistrations(db, { ...query(1), page: 1 });
          expect(all.total).toBe(first.total);
          const [{ expected }] = await db.query<{ expected: string[] }>(
            `SELECT coalesce(array_agg(id::text ORDER BY ${
              sort === "recentes"
                ? "created_at DESC, id DESC"
                : sort === "antigos"
                  ? "created_at, id"
                  : `nome_busca COLLATE "C", id`
            }), '{}') AS expected
             FROM registrations
             WHERE CASE $1 WHEN 'todos' THEN true WHEN 'com_comprovante' THEN comprovante_path IS NOT NULL
                           WHEN 'duplicatas' THEN ${POSSIBLE_DUPLICATE}
                           WHEN 'pendente' THEN status_pagamento = 'pendente' AND situacao = 'vaga'
                           ELSE status_pagamento = $1 END
               AND ($2 = '' OR nome_busca LIKE '%' || $2 || '%')`,
            [status, q],
          );
          expect(ids).toEqual(expected);
          expect(pages.every((pg, i) => pg.items.length === Math.min(PAGE_SIZE, first.total - i * PAGE_SIZE))).toBe(
            true,
          );
        }
      }
    }
    // A page past the end answers the last page, read from the end.
    const past = await listRegistrations(db, { q: "", status: "todos", sort: "nome", page: 99 });
    expect(past.page).toBe(6);
    expect(past.items).toHaveLength(7);
  });
});
