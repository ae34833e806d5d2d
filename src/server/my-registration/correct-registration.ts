import type { Database } from "../db/database";
import { setFlag } from "../db/transaction-flags";

export interface Corrections {
  responsavel_nome: string | null;
  parentesco: string | null;
  saude: string | null;
}

/**
 * What the family corrects on "Minha inscrição": the guardian, the relationship
 * and the health notes. The name, the age and the phone stay with the
 * coordination. Logged as "participante" by the registrations' log trigger.
 */
export async function correctRegistration(db: Database, id: string, c: Corrections): Promise<"notFound" | null> {
  return db.transaction(async (tx) => {
    await setFlag(tx, "caravana.ator_nome", "participante");
    const rows = await tx.query(
      `UPDATE registrations SET responsavel_nome = $2, parentesco = $3, saude = $4, updated_at = now()
       WHERE id = $1 AND situacao <> 'desistente' AND anonimizado_em IS NULL RETURNING id`,
      [id, c.responsavel_nome, c.parentesco, c.saude],
    );
    return rows.length === 0 ? "notFound" : null;
  });
}
