import type { Database } from "../db/database";
import { setFlag } from "../db/transaction-flags";

/**
 * "Não quero receber mensagens" (receber = false), or back again. The family
 * is left out of every message list from then on (messages/message-groups.ts);
 * the log names "participante" (caravana_log_messages).
 */
export async function setMessagePreference(db: Database, id: string, receber: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await setFlag(tx, "caravana.ator_nome", "participante");
    await tx.query(
      `UPDATE registrations SET sem_mensagens_em = CASE WHEN $2::boolean THEN NULL ELSE now() END
       WHERE id = $1 AND (sem_mensagens_em IS NULL) = NOT $2::boolean`,
      [id, receber],
    );
  });
}
