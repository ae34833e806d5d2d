import { REGISTRATION_NOT_FOUND } from "../../shared/admin-api";
import type { Registration } from "../../shared/api-types";
import { editedAgeError } from "../../shared/companions";
import type { PaymentMethod, PaymentStatus } from "../../shared/constants";
import type { Kinship } from "../../shared/minors";
import type { Queryable } from "../db/database";
import { InvalidInputError, NotFoundError } from "../domain-errors";
import { REGISTRATION_COLUMNS, type RegistrationRow, toRegistration } from "./registration-row";

export interface RegistrationEdit {
  nome_completo: string;
  idade: number;
  numero_responsavel: string;
  metodo_pagamento: PaymentMethod;
  status_pagamento: PaymentStatus;
  /** Left as they are when not sent (an edit from before these fields existed). */
  responsavel_nome?: string;
  parentesco?: Kinship;
  saude?: string;
}

/**
 * The coordination's edit dialog: every field at once, the status with them
 * (the spec's edit form). A status alone goes through payments/payment-actions.ts.
 */
export async function editRegistration(db: Queryable, id: string, edit: RegistrationEdit): Promise<Registration> {
  // The form's ages for whoever signed up; any adult age for a companion.
  const [kind] = await db.query<{ acompanhante: boolean }>("SELECT acompanhante FROM registrations WHERE id = $1", [
    id,
  ]);
  const ageError = kind && editedAgeError(kind.acompanhante, edit.idade);
  if (ageError) throw new InvalidInputError(ageError);
  const [row] = await db.query<RegistrationRow>(
    `UPDATE registrations SET
       nome_completo = $2, idade = $3, numero_responsavel = $4, metodo_pagamento = $5, status_pagamento = $6,
       responsavel_nome = CASE WHEN $7 THEN $8 ELSE responsavel_nome END,
       parentesco = CASE WHEN $7 THEN $9 ELSE parentesco END,
       saude = CASE WHEN $10 THEN $11 ELSE saude END,
       updated_at = now()
     WHERE id = $1
     RETURNING ${REGISTRATION_COLUMNS}`,
    [
      id,
      edit.nome_completo,
      edit.idade,
      edit.numero_responsavel,
      edit.metodo_pagamento,
      edit.status_pagamento,
      "responsavel_nome" in edit || "parentesco" in edit,
      edit.responsavel_nome ?? null,
      edit.parentesco ?? null,
      "saude" in edit,
      edit.saude ?? null,
    ],
  );
  if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  return toRegistration(row);
}

export async function readRegistration(db: Queryable, id: string): Promise<Registration> {
  const [row] = await db.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM registrations WHERE id = $1`, [
    id,
  ]);
  if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  return toRegistration(row);
}

export async function deleteRegistration(db: Queryable, id: string): Promise<void> {
  const rows = await db.query("DELETE FROM registrations WHERE id = $1 RETURNING id", [id]);
  if (rows.length === 0) throw new NotFoundError(REGISTRATION_NOT_FOUND);
}
