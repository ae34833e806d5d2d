import type { Database } from "../db/database";
import { setFlag } from "../db/transaction-flags";
import { lockBuses } from "../seats/bus-repository";

/** The give-up's one write; docs/schema.md follows what it fires (schema-doc-actions.ts, checked by a test). */
export const GIVE_UP_SQL =
  "UPDATE registrations SET situacao = 'desistente', onibus_id = NULL, updated_at = now() WHERE id = $1";

export type GiveUpRefusal = "notFound" | "alreadyGaveUp" | "boarded";

/**
 * "Desistir da inscrição", by the participant: the registration is kept as
 * "desistente", never deleted, so the counts and the accounts keep the person.
 * In the same transaction the database seats the first person waiting and, for
 * a paid registration, opens a pending refund (registrations_settle_seats_update,
 * registrations_money_update); the log names "participante".
 */
export async function giveUpRegistration(db: Database, id: string): Promise<GiveUpRefusal | null> {
  return db.transaction(async (tx) => {
    // The buses first, in the triggers' order, as every seat move does.
    await lockBuses(tx);
    const [row] = await tx.query<{ situacao: string }>(
      "SELECT situacao FROM registrations WHERE id = $1 AND anonimizado_em IS NULL FOR UPDATE",
      [id],
    );
    if (!row) return "notFound";
    if (row.situacao === "desistente") return "alreadyGaveUp";
    // Read after the lock, in its own statement: a boarding mark committed meanwhile is seen.
    const [boarded] = await tx.query("SELECT 1 FROM embarques WHERE inscricao_id = $1 AND embarcou", [id]);
    if (boarded) return "boarded";
    await setFlag(tx, "caravana.ator_nome", "participante");
    await tx.query(GIVE_UP_SQL, [id]);
    return null;
  });
}
