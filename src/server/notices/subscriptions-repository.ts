import { NOTICE_MESSAGES, PHONES_PER_REGISTRATION } from "../../shared/notices";
import type { Database, Queryable } from "../db/database";
import { ConflictError, ForbiddenError } from "../domain-errors";
import { holdsRegistration } from "../my-registration/access-repository";

/** Live subscriptions one address may have added (a parish's Wi-Fi at a meeting, not a crowd of scripts). */
export const SUBSCRIPTIONS_PER_ADDRESS = 100;

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** An HMAC of the client's address (server-keys): counted, never kept as an address. */
  originHash: string;
}

/**
 * "Receber avisos neste celular": keeps the subscription and ties it to exactly
 * the registrations whose secrets it proves now. In one transaction that
 * locks those registrations first, as "Gerar novo link" does, and checks the
 * secrets after the lock: a secret revoked a moment earlier ties nothing, and
 * the two never wait on each other. An endpoint already kept with other keys
 * is refused (only its own browser may stop it, with "Parar avisos"), and so is
 * a new one past the address's SUBSCRIPTIONS_PER_ADDRESS. A registration keeps
 * PHONES_PER_REGISTRATION phones: a new one replaces the one quiet longest.
 * Returns the registrations tied.
 */
export async function subscribe(
  db: Database,
  sub: NewSubscription,
  proofs: { id: string; token: string }[],
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const asked = [...new Set(proofs.map((p) => p.id))];
    await tx.query("SELECT 1 FROM registrations WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE", [asked]);
    const ids: string[] = [];
    for (const { id, token } of proofs) if (!ids.includes(id) && (await holdsRegistration(tx, id, token))) ids.push(id);
    if (ids.length === 0) throw new ForbiddenError(NOTICE_MESSAGES.noProof);

    // Two posts of one endpoint at once: one inserts, the other finds its row.
    await tx.query(
      `INSERT INTO aviso_assinaturas (endpoint, p256dh, auth, origem_hash)
       SELECT $1, $2, $3, $4 WHERE (SELECT count(*) FROM aviso_assinaturas WHERE origem_hash = $4) < $5
       ON CONFLICT (endpoint) DO NOTHING`,
      [sub.endpoint, sub.p256dh, sub.auth, sub.originHash, SUBSCRIPTIONS_PER_ADDRESS],
    );
    const [held] = await tx.query<{ id: string; p256dh: string; auth: string }>(
      "SELECT id, p256dh, auth FROM aviso_assinaturas WHERE endpoint = $1 FOR UPDATE",
      [sub.endpoint],
    );
    if (!held) throw new ConflictError(NOTICE_MESSAGES.tooManyFromHere);
    if (held.p256dh !== sub.p256dh || held.auth !== sub.auth) throw new ConflictError(NOTICE_MESSAGES.badSubscription);
    await tx.query("UPDATE aviso_assinaturas SET confirmada_em = now() WHERE id = $1", [held.id]);
    // At most PHONES_PER_REGISTRATION phones per registration: the one that proved it now gets in, and the
    // phone quiet longest (a lost or reset one) stops hearing about it.
    await tx.query(
      `DELETE FROM aviso_inscricoes t USING (
         SELECT a.assinatura_id, a.inscricao_id,
                row_number() OVER (PARTITION BY a.inscricao_id ORDER BY s.confirmada_em DESC, s.id DESC) AS n
         FROM aviso_inscricoes a JOIN aviso_assinaturas s ON s.id = a.assinatura_id
         WHERE a.inscricao_id = ANY($1::uuid[]) AND a.assinatura_id <> $2) antigos
       WHERE t.assinatura_id = antigos.assinatura_id AND t.inscricao_id = antigos.inscricao_id AND antigos.n >= $3`,
      [ids, held.id, PHONES_PER_REGISTRATION],
    );
    // The new ties first: removing the old ones before would leave the row proving nothing for a moment,
    // and the table's trigger deletes such a row (caravana_avisos_sem_inscricao).
    await tx.query(
      `INSERT INTO aviso_inscricoes (assinatura_id, inscricao_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
      [held.id, ids],
    );
    await tx.query("DELETE FROM aviso_inscricoes WHERE assinatura_id = $1 AND inscricao_id <> ALL($2::uuid[])", [
      held.id,
      ids,
    ]);
    return ids;
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
