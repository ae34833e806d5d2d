import { describe, expect, it } from "vitest";
import { DB_KINDS, useFreshDatabase } from "../../../test/support/test-database";
import { FORM_STATUS_ID } from "../../shared/constants";
import { type Database, EVENTS_CHANNEL } from "../db/database";
import { createRegistration } from "./create-registration";
import { WARM_UP_ROWS, warmUpRegistrationWrites } from "./warm-up";

/** Everything a warm-up could leave behind. */
const snapshot = async (db: Database) => ({
  registrations: await db.query("SELECT id, nome_completo, referencia FROM registrations ORDER BY id"),
  counts: await db.query("SELECT * FROM registration_counts ORDER BY 1, 2"),
  gramLog: await db.query("SELECT count(*)::int AS n FROM registration_gram_log"),
  form: await db.query("SELECT is_open, updated_at FROM form_settings"),
});

const insertsSoFar = async (db: Database) => {
  await db.query("SELECT pg_stat_force_next_flush()");
  const [row] = await db.query<{ n: string }>("SELECT n_tup_ins AS n FROM pg_stat_user_tables WHERE relname = 'registrations'");
  return Number(row.n);
};

describe.each(DB_KINDS)("warm-up of registration writes (%s)", (kind) => {
  let db: Database;
  useFreshDatabase(kind, (opened) => (db = opened));

  it("writes its registrations and leaves nothing behind, even with the form closed", async () => {
    for (const nome_completo of ["Ana Souza", "Bruno Lima", "Cecília Araújo"]) {
      await createRegistration(db, { nome_completo, idade: 20, numero_responsavel: "98912345678", metodo_pagamento: "PIX" }, null);
    }
    await db.query("UPDATE form_settings SET is_open = false WHERE id = $1", [FORM_STATUS_ID]);
    const events: string[] = [];
    const unlisten = await db.listen(EVENTS_CHANNEL, (payload) => events.push(payload));
    const before = await snapshot(db);
    const insertsBefore = await insertsSoFar(db);

    await warmUpRegistrationWrites(db);

    // The rows were really inserted (statistics count rolled-back inserts too)…
    expect((await insertsSoFar(db)) - insertsBefore).toBe(WARM_UP_ROWS);
    // …and nothing of them stayed: rows, counters, search log, form status, live events.
    expect(await snapshot(db)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    await unlisten();
  });
});
