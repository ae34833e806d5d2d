import type { Registration } from "../../shared/api-types";
import type { PaymentMethod, PaymentStatus } from "../../shared/constants";
import type { Queryable } from "../db/database";
import { HttpError } from "../http-error";
import { REGISTRATION_COLUMNS, type RegistrationRow, toRegistration } from "./registration-row";

export const NOT_FOUND_MESSAGE = "Inscrição não encontrada.";

export interface RegistrationPatch {
  nome_completo?: string;
  idade?: number;
  numero_responsavel?: string;
  metodo_pagamento?: PaymentMethod;
  status_pagamento: PaymentStatus;
}

/** Applies the fields present (the whole edit set, or the status alone) and stamps updated_at. */
export async function updateRegistration(db: Queryable, id: string, patch: RegistrationPatch): Promise<Registration> {
  const [row] = await db.query<RegistrationRow>(
    `UPDATE registrations SET
       nome_completo = COALESCE($2, nome_completo),
       idade = COALESCE($3::int, idade),
       numero_responsavel = COALESCE($4, numero_responsavel),
       metodo_pagamento = COALESCE($5, metodo_pagamento),
       status_pagamento = $6,
       updated_at = now()
     WHERE id = $1
     RETURNING ${REGISTRATION_COLUMNS}`,
    [
      id,
      patch.nome_completo ?? null,
      patch.idade ?? null,
      patch.numero_responsavel ?? null,
      patch.metodo_pagamento ?? null,
      patch.status_pagamento,
    ],
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
