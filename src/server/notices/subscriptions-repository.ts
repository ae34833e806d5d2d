import { NOTICE_MESSAGES, PHONES_PER_REGISTRATION } from "../../shared/notices";
import type { Database, Queryable } from "../db/database";
import { ConflictError } from "../domain-errors";

/** Live subscriptions one address may have added (a parish's Wi-Fi at a meeting, not a crowd of scripts). */
export const SUBSCRIPTIONS_PER_ADDRESS = 100;

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** hashToken of the client's address: counted, never kept as an address. */
  originHash: string;
}

/**
 * "Receber avisos neste celular": keeps the subscription and ties it to exactly
 * these registrations (the route proved each one's secret). A browser that
 * subscribed again with new keys replaces its old row. Refused, with nothing
 * written, when a registration already has PHONES_PER_REGISTRATION other
 * phones, or the address SUBSCRIPTIONS_PER_ADDRESS subscriptions.
 * Returns whether a new row was made.
 */
export async function subscribe(db: Database, sub: NewSubscription, ids: string[]): Promise<{ novo: boolean }> {
  return db.transaction(async (tx) => {
    const [held] = await tx.query<{ id: string; p256dh: string; auth: string }>(
      "SELECT id, p256dh, auth FROM aviso_assinaturas WHERE endpoint = $1 FOR UPDATE",
      [sub.endpoint],
    );
    let id: string | null = held?.id ?? null;
    if (held && (held.p256dh !== sub.p256dh || held.auth !== sub.auth)) {
      await tx.query("DELETE FROM aviso_assinaturas WHERE id = $1", [held.id]);
      id = null;
    }
    // Other phones already hearing about each registration; locked, so two phones at once count each other.
    await tx.query("SELECT 1 FROM registrations WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE", [ids]);
    const [crowded] = await tx.query(
      `SELECT 1 FROM aviso_inscricoes WHERE inscricao_id = ANY($1::uuid[]) AND assinatura_id IS DISTINCT FROM $2
       GROUP BY inscricao_id HAVING count(*) >= $3 LIMIT 1`,
      [ids, id, PHONES_PER_REGISTRATION],
    );
    if (crowded) throw new ConflictError(NOTICE_MESSAGES.tooManyPhones(PHONES_PER_REGISTRATION));
    if (id === null) {
      const [{ n }] = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM aviso_assinaturas WHERE origem_hash = $1",
        [sub.originHash],
      );
      if (n >= SUBSCRIPTIONS_PER_ADDRESS) throw new ConflictError(NOTICE_MESSAGES.tooManyFromHere);
      const [row] = await tx.query<{ id: string }>(
        "INSERT INTO aviso_assinaturas (endpoint, p256dh, auth, origem_hash) VALUES ($1, $2, $3, $4) RETURNING id",
        [sub.endpoint, sub.p256dh, sub.auth, sub.originHash],
      );
      id = row.id;
    }
    // The new ties first: removing the old ones before would leave the row proving nothing for a moment,
    // and the table's trigger deletes such a row (caravana_avisos_sem_inscricao).
    await tx.query(
      `INSERT INTO aviso_inscricoes (assinatura_id, inscricao_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
      [id, ids],
    );
    await tx.query("DELETE FROM aviso_inscricoes WHERE assinatura_id = $1 AND inscricao_id <> ALL($2::uuid[])", [
      id,
      ids,
    ]);
    return { novo: !held || held.id !== id };
  });
}

/** Whether this phone already subscribed with these keys (it is only confirming which registrations it holds). */
export async function isKnownSubscription(
  db: Queryable,
  endpoint: string,
  keys: { p256dh: string; auth: string },
): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM aviso_assinaturas WHERE endpoint = $1 AND p256dh = $2 AND auth = $3", [
    endpoint,
    keys.p256dh,
    keys.auth,
  ]);
  return rows.length > 0;
}

/** "Parar avisos": only the browser that holds the endpoint and its secret stops it. */
export async function unsubscribe(db: Queryable, endpoint: string, auth: string): Promise<void> {
  await db.query("DELETE FROM aviso_assinaturas WHERE endpoint = $1 AND auth = $2", [endpoint, auth]);
}

/** Which of these registrations some phone hears about. */
export async function withNotices(db: Queryable, ids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ inscricao_id: string }>(
    "SELECT DISTINCT inscricao_id FROM aviso_inscricoes WHERE inscricao_id = ANY($1::uuid[])",
    [ids],
  );
  return new Set(rows.map((r) => r.inscricao_id));
}
