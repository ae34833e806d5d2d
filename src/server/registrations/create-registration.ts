import type { RegistrationCreated } from "../../shared/api-types";
import type { RegistrationData } from "../../shared/registration-schema";
import { FORM_STATUS_ID } from "../../shared/constants";
import type { Queryable } from "../db/database";
import { HttpError } from "../http-error";

export const FORM_CLOSED_MESSAGE = "As inscrições para a JDJ 2025 estão encerradas.";
export const KEY_REUSED_MESSAGE = "Esta chave de envio já foi usada para outra inscrição. Recarregue a página e tente de novo.";

interface CreatedRow {
  id: string;
  metodo_pagamento: RegistrationCreated["metodo_pagamento"];
  created_at: Date;
}

const toCreated = (row: CreatedRow): RegistrationCreated => ({
  id: row.id,
  metodo_pagamento: row.metodo_pagamento,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * Inserts a registration in one statement that also checks the form is open,
 * so a close made a moment earlier always wins. A repeated idempotency key
 * returns the first registration instead of a second one.
 */
export async function createRegistration(
  db: Queryable,
  data: RegistrationData,
  idempotencyKey: string | null,
): Promise<{ registration: RegistrationCreated; replayed: boolean }> {
  const rows = await db.query<CreatedRow>(
    `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, idempotency_key)
     SELECT $1, $2, $3, $4, $5
     WHERE (SELECT is_open FROM form_settings WHERE id = $6)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id, metodo_pagamento, created_at`,
    [data.nome_completo, data.idade, data.numero_responsavel, data.metodo_pagamento, idempotencyKey, FORM_STATUS_ID],
  );
  if (rows[0]) return { registration: toCreated(rows[0]), replayed: false };

  if (idempotencyKey) {
    const [existing] = await db.query<CreatedRow & { nome_completo: string; idade: number; numero_responsavel: string }>(
      `SELECT id, metodo_pagamento, created_at, nome_completo, idade, numero_responsavel
       FROM registrations WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    if (existing) {
      const same =
        existing.nome_completo === data.nome_completo &&
        existing.idade === data.idade &&
        existing.numero_responsavel === data.numero_responsavel &&
        existing.metodo_pagamento === data.metodo_pagamento;
      if (!same) throw new HttpError(409, KEY_REUSED_MESSAGE);
      return { registration: toCreated(existing), replayed: true };
    }
  }
  throw new HttpError(409, FORM_CLOSED_MESSAGE);
}
