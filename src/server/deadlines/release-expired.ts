import type { Database, Queryable } from "../db/database";
import { setFlag } from "../db/transaction-flags";
import { GRACE_SQL } from "../registrations/registration-row";

/**
 * Seats released per transaction. PGlite runs on the server's thread, so a visitor waits for the batch in
 * progress: small batches keep that wait short (bench:deadlines). PostgreSQL runs apart, and fewer, larger
 * batches spend less on each batch's recount of the buses.
 */
export const RELEASE_BATCH = { pglite: 150, postgres: 1000 } as const;

/**
 * A batch larger than this plans its triggers' statements afresh. A trigger keeps the plan of its first call in
 * the session, and a plan made for a one-row change pairs each released row with its old version one by one:
 * a 1,000-seat batch took 0.8 s instead of 0.25 s on PostgreSQL (decision 053).
 */
const REPLAN_ABOVE = 200;

/**
 * A pass's first batch plans afresh above this, and the pass's later batches reuse those plans. The server's start
 * runs an UPDATE that matches no row, which leaves the triggers planned for empty changes; below this, pairing the
 * rows one by one costs less than planning again (decision 073).
 */
const REPLAN_FIRST_ABOVE = 75;

/**
 * Seated, owing, and past the deadline plus the statement's tolerance, by the deadlines' clock
 * (caravana_agora). The moment is worked out once, so the partial index on prazo_pagamento finds the rows.
 */
export const EXPIRED_SQL = `situacao = 'vaga' AND status_pagamento = 'pendente' AND prazo_pagamento IS NOT NULL
  AND prazo_pagamento < (SELECT caravana_agora() - ${GRACE_SQL})`;

/** The rows a batch takes: past their deadline, the earliest first, up to $1 (registrations_prazo_idx's order). */
const BATCH_SQL = `SELECT id FROM registrations WHERE ${EXPIRED_SQL} ORDER BY prazo_pagamento, id LIMIT $1`;

/** "Liberar vaga" names its rows ($1): found by their key, not among every seat past its deadline. */
export const NAMED_SQL = `SELECT id FROM registrations WHERE id = ANY($1::uuid[]) AND ${EXPIRED_SQL}`;

/**
 * The release's one write, for the rows `pick` chooses: each row is checked again after its lock. docs/schema.md
 * follows what it fires (schema-doc-actions.ts, checked by a test).
 */
export const releaseSql = (pick: string) => `WITH due AS (${pick} FOR UPDATE SKIP LOCKED)
  UPDATE registrations r SET situacao = 'vencida', onibus_id = NULL, updated_at = now()
  FROM due WHERE r.id = due.id AND r.situacao = 'vaga' AND r.status_pagamento = 'pendente'
  RETURNING r.id`;

/**
 * "Vencida": each registration whose deadline and tolerance passed with
 * nothing paid gives its seat up, in one statement per batch. In the same
 * transaction the database seats the first person waiting, with a deadline of
 * their own (registrations_settle_seats_update, registrations_prazo), and writes
 * "Vaga liberada: o prazo de pagamento de … venceu em …" to the log.
 *
 * Exactly once, however many instances run it: the buses are locked first
 * (registrations_lock_buses), and each row is checked again after its lock,
 * so a payment that committed first wins and a row released by another
 * instance is not released twice. `ids` limits it to some registrations
 * ("Liberar vaga" by hand); the log then names the person who tapped. `firstOfPass`: the first batch of a pass.
 */
export async function releaseExpired(
  db: Pick<Database, "transaction">,
  opts: { ids?: string[]; byHand?: boolean; limit?: number; firstOfPass?: boolean } = {},
): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (!opts.byHand) await setFlag(tx, "caravana.ator_nome", "Sistema");
    const [pick, scope] = opts.ids ? [NAMED_SQL, [opts.ids]] : [BATCH_SQL, [opts.limit ?? RELEASE_BATCH.postgres]];
    const [{ due }] = await tx.query<{ due: number }>(`SELECT count(*)::int AS due FROM (${pick}) d`, scope);
    if (due === 0) return [];
    if (due > REPLAN_ABOVE || (opts.firstOfPass && due > REPLAN_FIRST_ABOVE)) await tx.exec("DISCARD PLANS");
    const rows = await tx.query<{ id: string }>(releaseSql(pick), scope);
    return rows.map((r) => r.id);
  });
}

/** Whether the coordination lets seats free themselves ("Liberar vagas vencidas automaticamente"). */
export async function autoReleaseOn(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ on: boolean | null }>(
    "SELECT (valor #>> '{}')::boolean AS on FROM event_settings WHERE chave = 'prazo_liberar_automaticamente'",
  );
  return row?.on ?? false;
}
