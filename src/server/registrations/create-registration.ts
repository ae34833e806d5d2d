import { randomUUID } from "node:crypto";
import type { RegistrationCreated } from "../../shared/api-types";
import type { RegistrationData } from "../../shared/registration-schema";
import { FORM_STATUS_ID } from "../../shared/constants";
import { referenceCode } from "../../shared/pix/reference-code";
import { ADULT_AGE, CONSENT_VERSION } from "../../shared/privacy";
import { hashToken } from "../auth/token-hash";
import type { Queryable } from "../db/database";
import { HttpError } from "../http-error";
import { randomBytesPooled } from "../secure-random";

export const FORM_CLOSED_MESSAGE = "As inscrições para a JDJ 2025 estão encerradas.";
export const KEY_REUSED_MESSAGE =
  "Esta chave de envio já foi usada para outra inscrição. Recarregue a página e tente de novo.";

export interface CreatedRow {
  id: string;
  metodo_pagamento: RegistrationCreated["metodo_pagamento"];
  created_at: Date;
  referencia: string;
}

export const newUploadToken = () => randomBytesPooled(32).toString("base64url");
/**
 * The row's id, drawn here rather than by the column's DEFAULT
 * gen_random_uuid(): in PGlite that opens, reads and closes /dev/urandom
 * through Emscripten's file layer in JavaScript, once per row (decision 019).
 * Node pools randomUUID()'s bytes.
 */
export const newRegistrationId = () => randomUUID();
export const nodeRandom = (n: number) => new Uint8Array(randomBytesPooled(n));

export const toCreated = (row: CreatedRow, uploadToken: string): RegistrationCreated => ({
  id: row.id,
  metodo_pagamento: row.metodo_pagamento,
  created_at: new Date(row.created_at).toISOString(),
  referencia: row.referencia,
  upload_token: uploadToken,
});

/** Which consent text the guardian accepted; the schema already demanded it under 18. */
export const consentVersion = (data: RegistrationData): string | null =>
  data.idade < ADULT_AGE && data.consentimento ? CONSENT_VERSION : null;

const isReferenceClash = (err: unknown) =>
  (err as { code?: string; constraint?: string }).code === "23505" &&
  String((err as { constraint?: string }).constraint ?? (err as Error).message).includes("referencia");

/**
 * Inserts a registration in one statement that also checks the form is open,
 * so a close made a moment earlier always wins. A repeated idempotency key
 * returns the first registration (with a fresh upload token) instead of a second one.
 */
export async function createRegistration(
  db: Queryable,
  data: RegistrationData,
  idempotencyKey: string | null,
): Promise<{ registration: RegistrationCreated; replayed: boolean }> {
  const token = newUploadToken();
  // About a million references: a clash is rare, and a new draw settles it.
  for (let attempt = 0; ; attempt++) {
    try {
      const rows = await db.query<CreatedRow>(
        `INSERT INTO registrations
           (id, nome_completo, idade, numero_responsavel, metodo_pagamento, idempotency_key, referencia, upload_token_hash,
            consentimento_versao, consentimento_em)
         SELECT $10::uuid, $1, $2, $3, $4, $5, $6, $7, $9::text, CASE WHEN $9::text IS NULL THEN NULL ELSE now() END
         WHERE (SELECT is_open FROM form_settings WHERE id = $8)
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING id, metodo_pagamento, created_at, referencia`,
        [
          data.nome_completo,
          data.idade,
          data.numero_responsavel,
          data.metodo_pagamento,
          idempotencyKey,
          referenceCode(nodeRandom),
          hashToken(token),
          FORM_STATUS_ID,
          consentVersion(data),
          newRegistrationId(),
        ],
      );
      if (rows[0]) return { registration: toCreated(rows[0], token), replayed: false };
      break;
    } catch (err) {
      if (attempt < 5 && isReferenceClash(err)) continue;
      throw err;
    }
  }

  if (idempotencyKey) {
    // The first answer may have been lost with its token, so the replay gets a new one.
    const [existing] = await db.query<
      CreatedRow & { nome_completo: string; idade: number; numero_responsavel: string }
    >(
      `UPDATE registrations SET upload_token_hash = $2
       WHERE idempotency_key = $1
         AND nome_completo = $3 AND idade = $4 AND numero_responsavel = $5 AND metodo_pagamento = $6
       RETURNING id, metodo_pagamento, created_at, referencia`,
      [
        idempotencyKey,
        hashToken(token),
        data.nome_completo,
        data.idade,
        data.numero_responsavel,
        data.metodo_pagamento,
      ],
    );
    if (existing) return { registration: toCreated(existing, token), replayed: true };
    const [other] = await db.query("SELECT 1 FROM registrations WHERE idempotency_key = $1", [idempotencyKey]);
    if (other) throw new HttpError(409, KEY_REUSED_MESSAGE);
  }
  throw new HttpError(409, FORM_CLOSED_MESSAGE);
}
