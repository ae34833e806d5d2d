import { DEADLINE_MESSAGES } from "../../shared/deadlines";
import type { Database } from "../db/database";
import { ConflictError, InvalidInputError, NotFoundError } from "../domain-errors";
import { setFlag } from "../db/transaction-flags";
import { REGISTRATION_NOT_FOUND } from "../../shared/admin-api";

/**
 * "Prorrogar prazo": a new deadline for seated registrations that still owe,
 * with the reason, which the log writes beside who gave it
 * (caravana_log_registrations reads caravana.motivo). All or none: one that
 * paid or lost its seat meanwhile refuses the whole change and says who.
 */
export async function extendDeadline(
  db: Pick<Database, "transaction">,
  ids: string[],
  input: { ate: string; motivo: string },
): Promise<number> {
  const until = new Date(input.ate);
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    const [{ past }] = await tx.query<{ past: boolean }>("SELECT $1::timestamptz <= caravana_agora() AS past", [until]);
    if (past) throw new InvalidInputError(DEADLINE_MESSAGES.inThePast);
    const rows = await tx.query<{ id: string; nome_completo: string; ok: boolean }>(
      `SELECT id, nome_completo, situacao = 'vaga' AND status_pagamento = 'pendente' AS ok
       FROM registrations WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [unique],
    );
    if (rows.length !== unique.length) throw new NotFoundError(REGISTRATION_NOT_FOUND);
    const refused = rows.find((r) => !r.ok);
    if (refused) throw new ConflictError(DEADLINE_MESSAGES.notOwingSeat(refused.nome_completo));
    await setFlag(tx, "caravana.motivo", input.motivo.trim());
    await tx.query("UPDATE registrations SET prazo_pagamento = $2, updated_at = now() WHERE id = ANY($1::uuid[])", [
      unique,
      until,
    ]);
    return rows.length;
  });
}
