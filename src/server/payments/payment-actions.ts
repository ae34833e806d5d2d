import type { Registration } from "../../shared/api-types";
import { BOARDING_MESSAGES } from "../../shared/boarding";
import type { Queryable } from "../db/database";
import { HttpError } from "../http-error";
import { REGISTRATION_COLUMNS, type RegistrationRow, toRegistration } from "../registrations/registration-row";
import { NOT_FOUND_MESSAGE } from "../registrations/update-registration";

/*
 * A payment's behaviours, whoever asks for them: the panel's "Marcar Pago"
 * and its undo, the roll call's "Recebi em espécie", and next the bank
 * statement's import. Each is one statement; the activity log writes it in
 * the same transaction, in words (registrations_log_update in docs/schema.md),
 * with the person named by the actor database.
 */

async function setPaymentStatus(db: Queryable, id: string, status: "confirmado" | "pendente"): Promise<Registration> {
  const [row] = await db.query<RegistrationRow>(
    `UPDATE registrations SET status_pagamento = $2, updated_at = now()
     WHERE id = $1
     RETURNING ${REGISTRATION_COLUMNS}`,
    [id, status],
  );
  if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return toRegistration(row);
}

/** "Marcar Pago": the payment is confirmed, by the method the person chose. */
export const markPaid = (db: Queryable, id: string) => setPaymentStatus(db, id, "confirmado");

/** "Pago" tapped again, or "Desfazer": the payment is pending again. */
export const markUnpaid = (db: Queryable, id: string) => setPaymentStatus(db, id, "pendente");

/**
 * "Recebi em espécie": paid in cash at the bus door, by a seated person.
 * Someone already paid keeps the method they paid with, so a second phone's
 * tap changes nothing.
 */
export async function receiveCash(db: Queryable, id: string): Promise<void> {
  const [row] = await db.query<{ nome_completo: string; situacao: string }>(
    `WITH paid AS (
       UPDATE registrations SET status_pagamento = 'confirmado', metodo_pagamento = 'ESPECIE', updated_at = now()
       WHERE id = $1 AND situacao = 'vaga' AND status_pagamento <> 'confirmado'
       RETURNING id)
     SELECT nome_completo, situacao FROM registrations WHERE id = $1`,
    [id],
  );
  if (!row) throw new HttpError(404, BOARDING_MESSAGES.notFound);
  if (row.situacao !== "vaga") throw new HttpError(409, BOARDING_MESSAGES.notSeated(row.nome_completo));
}
