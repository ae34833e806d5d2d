import type { Registration } from "../../shared/api-types";
import type { PaymentMethod, PaymentStatus } from "../../shared/constants";
import type { Queryable } from "../db/database";
import { HttpError } from "../http-error";
import { REGISTRATION_COLUMNS, type RegistrationRow, toRegistration } from "./registration-row";

export const NOT_FOUND_MESSAGE = "Inscrição não encontrada.";

export interface RegistrationEdit {
  nome_completo: string;
  idade: number;
  numero_responsavel: string;
  metodo_pagamento: PaymentMethod;
  status_pagamento: PaymentStatus;
}

/**
 * The coordination's edit dialog: every field at once, the status with them
 * (the spec's edit form). A status alone goes through payments/payment-actions.ts.
 */
export async function editRegistration(db: Queryable, id: string, edit: RegistrationEdit): Promise<Registration> {
  const [row] = await db.query<RegistrationRow>(
    `UPDATE registrations SET
       nome_completo = $2, idade = $3, numero_responsavel = $4, metodo_pagamento = $5, status_pagamento = $6,
       updated_at = now()
     WHERE id = $1
     RETURNING ${REGISTRATION_COLUMNS}`,
    [id, edit.nome_completo, edit.idade, edit.numero_responsavel, edit.metodo_pagamento, edit.status_pagamento],
  );
  if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return toRegistration(row);
}

export async function readRegistration(db: Queryable, id: string): Promise<Registration> {
  const [row] = await db.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM registrations WHERE id = $1`, [
    id,
  ]);
  if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return toRegistration(row);
}

export async function deleteRegistration(db: Queryable, id: string): Promise<void> {
  const rows = await db.query("DELETE FROM registrations WHERE id = $1 RETURNING id", [id]);
  if (rows.length === 0) throw new HttpError(404, NOT_FOUND_MESSAGE);
}
