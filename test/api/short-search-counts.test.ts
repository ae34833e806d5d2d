import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type ListQuery, SORTS, STATUS_FILTERS, type StatusFilter } from "../../src/shared/admin-api";
import { DB_KINDS, useFreshDatabase } from "../support/test-database";
import type { Database } from "../../src/server/db/database";
import { createRegistration } from "../../src/server/registrations/create-registration";
import { listRegistrations } from "../../src/server/registrations/list-registrations";
import { SORT_SQL } from "../../src/server/registrations/registration-filter";
import {
  COUNTED_STATUSES,
  countShortSearch,
  FOLD_AT_LINES,
  FOLD_BATCH_LINES,
  foldGramLog,
  shortGrams,
} from "../../src/server/registrations/short-search-counts";
import { markPaid } from "../../src/server/payments/payment-actions";
import { deleteRegistration, editRegistration } from "../../src/server/registrations/update-registration";
// The predicate itself is tested in one-registration-per-person.test.ts; here, counting over it.
import { POSSIBLE_DUPLICATE } from "../../src/server/registrations/registration-row";

// Accents and case both ways, the user's % and _ (and \) as plain text, two
// spaces in a row, absent letters; " s " is trimmed to "s".
const TERMS = ["a", "A", "á", "lu", "LÚ", "ça", "%", "0%", "_", "a_", "\\", "\\p", "s", " s ", "zz", "x", "ü"];

const NAMES = [
  "Lúcia Sá",
  "LUCAS ÁVILA",
  "Zé 100% Fiel",
  "Joana_Lima",
  "Ana\\Paula",
  "Íris  Luz",
  "Bia",
  "Conceição Araújo",
  "Xuxa Gonçalves",
  "Müller Souza",
];

const statusSql = `CASE $2 WHEN 'todos' THEN true WHEN 'com_comprovante' THEN comprovante_path IS NOT NULL
                   WHEN 'duplicatas' THEN ${POSSIBLE_DUPLICATE}
                   ELSE status_pagamento = $2 END`;

/** The truth: rows whose folded name holds the folded term as plain text (strpos knows no wildcards). */
async function expected(db: Database, q: string, status: StatusFilter, sort: ListQuery["sort"]) {
  const [row] = await db.query<{ ids: string[]; total: number }>(
    `SELECT coalesce(array_agg(id::text ORDER BY ${SORT_SQL[sort].orderBy}), '{}') AS ids, count(*)::int AS total
     FROM registrations WHERE strpos(nome_busca, caravana_fold($1)) > 0 AND ${statusSql}`,
    [q.trim(), status],
  );
  return row;
}

async function expectCountsExact(db: Database) {
  const [{ everyone }] = await db.query<{ everyone: number }>("SELECT count(*)::int AS everyone FROM registrations");
  for (const q of TERMS) {
    for (const status of COUNTED_STATUSES) {
      const { total } = await expected(db, q, status, "recentes");
      // Not null: the term went through the counters, not the scan.
      expect(await countShortSearch(db, { q, status }), `${q} ${status}`).toEqual({ total, everyone });
    }
  }
}

const logLines = async (db: Database) =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM registration_gram_log"))[0].n;

/** Rows named after NAMES in turn, statuses mixed, one statement. */
const insertRows = (db: Database, count: number) =>
  db.query(
    `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at)
     SELECT ($1::text[])[1 + g % cardinality($1::text[])] || ' ' || g, 20, '98912345678', 'PIX',
            CASE WHEN g % 3 = 0 THEN 'confirmado' ELSE 'pendente' END,
            timestamptz '2025-08-01 12:00:00+00' + (g / 2) * interval '1 minute'
     FROM generate_series(1, $2::int) AS g`,
    [NAMES, count],
  );

describe("shortGrams", () => {
  it("lists each substring of one and two characters once, none holding a space", () => {
    expect([...shortGrams("ana  b")].sort()).toEqual(["a", "an", "b", "n", "na"]);
    // Characters are code points, as char_length and substr count them in SQL.
    expect([...shortGrams("😀a")].sort()).toEqual(["a", "😀", "😀a"].sort());
  });
});

describe.each(DB_KINDS)("short searches (one or two characters) on %s", (kind) => {
  let db: Database;
  useFreshDatabase(kind, (opened) => (db = opened));

  it("counts exactly through inserts, replays, edits, receipts, deletes, partial folds and truncate", async () => {
    await expectCountsExact(db);
    await insertRows(db, 40);
    await expectCountsExact(db); // all of it still in the log
    expect(await foldGramLog(db, 7)).toBe(7);
    await expectCountsExact(db); // part folded, part in the log

    const data = {
      nome_completo: "Ülla Çá_%",
      idade: 17,
      numero_responsavel: "98987654321",
      metodo_pagamento: "PIX",
    } as const;
    const key = randomUUID();
    const { registration } = await createRegistration(db, data, key);
    await createRegistration(db, data, key); // a replay: ON CONFLICT DO NOTHING, then an UPDATE of the token
    await expectCountsExact(db);
    expect(await foldGramLog(db)).toBeGreaterThan(0);
    await expectCountsExact(db);

    await markPaid(db, registration.id);
    await expectCountsExact(db);
    await editRegistration(db, registration.id, { ...data, nome_completo: "Lúcio Zz", status_pagamento: "confirmado" });
    await db.query(
      "UPDATE registrations SET comprovante_path = 'comprovantes/' || replace(id::text, '-', '') || '.jpg' WHERE nome_completo LIKE 'Bia%'",
    );
    await db.query("UPDATE registrations SET numero_responsavel = '98911112222'"); // changes no counter
    await expectCountsExact(db);
    await foldGramLog(db);
    await expectCountsExact(db);

    await deleteRegistration(db, registration.id);
    await db.query("DELETE FROM registrations WHERE nome_completo LIKE 'Zé%'");
    await expectCountsExact(db);
    await foldGramLog(db);
    await expectCountsExact(db);
    expect(await logLines(db)).toBe(0);

    await db.exec("TRUNCATE registrations CASCADE");
    await expectCountsExact(db);
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM registration_gram_counts");
    expect(n).toBe(0);
  });

  it("stays exact when several folds run at once", async () => {
    await db.exec("TRUNCATE registrations CASCADE");
    await insertRows(db, 300);
    const moved = await Promise.all([1, 2, 3, 4, 5].map(() => foldGramLog(db, 70)));
    // Every line moved exactly once: none counted twice, none lost.
    expect(moved.reduce((a, b) => a + b, 0) + (await logLines(db))).toBe(300);
    await expectCountsExact(db);
  });

  it("folds a long log before counting from it", async () => {
    await db.exec("TRUNCATE registrations CASCADE");
    await insertRows(db, FOLD_AT_LINES + 1);
    const page = await listRegistrations(db, { q: "a", status: "todos", sort: "recentes", page: 1 });
    expect(page.total).toBe((await expected(db, "a", "todos", "recentes")).total);
    expect(await logLines(db)).toBe(Math.max(0, FOLD_AT_LINES + 1 - FOLD_BATCH_LINES));
  });

  it("lists the same rows, in the same order, as a plain filter, for every status and sort", async () => {
    await db.exec("TRUNCATE registrations CASCADE");
    await insertRows(db, 47);
    await db.query(
      "UPDATE registrations SET comprovante_path = 'comprovantes/' || replace(id::text, '-', '') || '.pdf' WHERE nome_completo LIKE '%1'",
    );
    await foldGramLog(db, 20); // some folded, some still in the log
    for (const q of TERMS) {
      for (const status of STATUS_FILTERS) {
        for (const sort of SORTS) {
          const truth = await expected(db, q, status, sort);
          const first = await listRegistrations(db, { q, status, sort, page: 1 });
          const pages = [first];
          for (let p = 2; p <= first.pageCount; p++)
            pages.push(await listRegistrations(db, { q, status, sort, page: p }));
          expect(first.total, `${q} ${status} ${sort}`).toBe(truth.total);
          expect(
            pages.flatMap((pg) => pg.items.map((r) => r.id)),
            `${q} ${status} ${sort}`,
          ).toEqual(truth.ids);
        }
      }
    }
  });
});
