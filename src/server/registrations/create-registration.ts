import { randomBytes, randomUUID } from "node:crypto";
import type { RegistrationCreated } from "../../shared/api-types";
import { DEFAULT_EVENT_TITLE, FORM_STATUS_ID } from "../../shared/constants";
import { referenceCode } from "../../shared/pix/reference-code";
import { ADULT_AGE, CONSENT_VERSION } from "../../shared/privacy";
import type { RegistrationData } from "../../shared/registration-schema";
import { hashToken, newSecret } from "../auth/token-hash";
import type { Queryable } from "../db/database";
import { ConflictError } from "../domain-errors";
import { readFormStatus } from "./form-status-repository";
import { withWaitingPositions } from "./waiting-positions";
import { busNameOf, SEAT_COLUMNS } from "./registration-row";
import { alreadyRegisteredMessage, isSamePersonConflict, SAME_PERSON_SQL, samePersonParams } from "./same-person";
import { flagSql } from "../db/transaction-flags";
import { provenFamilies } from "./family-proof";
import { plural } from "../../shared/plural";

// The registration write path: one INSERT (insertRegistrations) and the rules
// for a single registration (createRegistration). The group commit that lets
// registrations arriving together share a statement is registration-writer.ts.

/** The database refused the insert: a phone would pass the setting inscricoes_por_numero (decision 032). */
const isPhoneFull = (err: unknown) => {
  const e = err as { constraint?: string; message?: string };
  return e.constraint === "inscricoes_por_numero" || !!e.message?.startsWith("inscricoes_por_numero:");
};

/** The answer to a registration past the phone's limit: siblings fit, hundreds do not. */
export const phoneFullMessage = (limit: number) =>
  `Este número de responsável já tem ${plural(limit, "inscrição ativa", "inscrições ativas")}, o máximo pelo formulário. Para inscrever mais alguém com este número, fale com a coordenação.`;

/** The answer to a registration sent while the form is closed. */
export const formClosedMessage = (eventTitle: string) => `As inscrições para a ${eventTitle} estão encerradas.`;

export type CreateResult = { registration: RegistrationCreated; replayed: boolean };

export interface CreatedRow {
  id: string;
  preco_centavos: number;
  metodo_pagamento: RegistrationCreated["metodo_pagamento"];
  created_at: Date;
  referencia: string;
  situacao: RegistrationCreated["situacao"];
  onibus_nome: string | null;
  posicao_espera: number | null;
  prazo_pagamento: Date | string | null;
}

const CREATED_COLUMNS = `id, metodo_pagamento, created_at, referencia, preco_centavos, prazo_pagamento, ${SEAT_COLUMNS}`;

/** The columns the form's INSERT writes, by name: one list for the row, the query and the mapping. */
const INSERTED_FIELDS = [
  "id",
  "nome_completo",
  "idade",
  "numero_responsavel",
  "metodo_pagamento",
  "idempotency_key",
  "referencia",
  "upload_token_hash",
  "consentimento_versao",
  "nome_pagador",
  "responsavel_nome",
  "parentesco",
  "saude",
  "familia_id",
] as const;
type InsertedRow = Record<(typeof INSERTED_FIELDS)[number], string | number | null>;

/** One row to insert, with the secrets drawn for it. */
export interface NewRow {
  data: RegistrationData;
  key: string | null;
  reference: string;
  token: string;
}

const nodeRandom = (n: number) => new Uint8Array(randomBytes(n));
export const drawReference = () => referenceCode(nodeRandom);

/** Which consent text the guardian accepted; the schema already demanded it under 18. */
const consentVersion = (data: RegistrationData): string | null =>
  data.idade < ADULT_AGE && data.consentimento ? CONSENT_VERSION : null;

export const toCreated = (row: CreatedRow, uploadToken: string): RegistrationCreated => ({
  id: row.id,
  metodo_pagamento: row.metodo_pagamento,
  created_at: new Date(row.created_at).toISOString(),
  referencia: row.referencia,
  upload_token: uploadToken,
  situacao: row.situacao,
  onibus_nome: row.onibus_nome,
  posicao_espera: row.posicao_espera,
  preco_centavos: row.preco_centavos,
  prazo_pagamento: row.prazo_pagamento ? new Date(row.prazo_pagamento).toISOString() : null,
});

/**
 * The one INSERT of registrations, for one row or many. It checks in the same
 * statement that the form is open, so a close made a moment earlier always
 * wins. The database refuses the whole statement when a phone would pass
 * the limit of active registrations (isPhoneFull). ON CONFLICT DO NOTHING
 * covers every unique column: a row whose
 * idempotency key, reference or id is taken is simply not returned, and the
 * caller decides what that means. Returned rows are keyed by their reference.
 * The id is drawn in Node: PGlite's gen_random_uuid() opened /dev/urandom once
 * per row (decision 019).
 *
 * The database seats each row or puts it in the waiting list (registrations_place).
 * A waiting row's position counts rows this statement cannot see in its
 * RETURNING: the callers read it afterwards (withWaitingPositions).
 */
export async function insertRegistrations(db: Queryable, rows: NewRow[]): Promise<Map<string, CreatedRow>> {
  const families = await provenFamilies(
    db,
    rows.map((r) => r.data),
  );
  const values = rows.map(
    (r, i): InsertedRow => ({
      id: randomUUID(),
      nome_completo: r.data.nome_completo,
      idade: r.data.idade,
      numero_responsavel: r.data.numero_responsavel,
      metodo_pagamento: r.data.metodo_pagamento,
      idempotency_key: r.key,
      referencia: r.reference,
      upload_token_hash: hashToken(r.token),
      consentimento_versao: consentVersion(r.data),
      nome_pagador: r.data.metodo_pagamento === "PIX" ? (r.data.nome_pagador ?? null) : null,
      // The guardian is asked of minors; an adult's form sends none.
      responsavel_nome: r.data.idade < ADULT_AGE ? (r.data.responsavel_nome ?? null) : null,
      parentesco: r.data.idade < ADULT_AGE ? (r.data.parentesco ?? null) : null,
      saude: r.data.saude ?? null,
      familia_id: families[i],
    }),
  );
  const columns = INSERTED_FIELDS.join(", ");
  const created = await db.query<CreatedRow>(
    // caravana.origem: this statement is the public form's, held to the per-phone limit (registrations_per_phone).
    `WITH formulario AS (SELECT ${flagSql("caravana.origem", "'formulario'")})
     INSERT INTO registrations (${columns}, consentimento_em)
     SELECT ${columns}, CASE WHEN consentimento_versao IS NULL THEN NULL ELSE now() END
     FROM json_populate_recordset(NULL::registrations, $1::json) AS novo
     WHERE (SELECT is_open FROM form_settings WHERE id = $2) AND EXISTS (SELECT FROM formulario)
       -- A reference an earlier edition gave out is left out like one taken (registrations_referencias_novas).
       -- A filter per row, not NOT EXISTS: an anti-join may reorder the rows, and of two rows drawing one
       -- reference the first must be the one inserted (answerCreated).
       AND (SELECT u.referencia FROM referencias_usadas u WHERE u.referencia = novo.referencia) IS NULL
     ON CONFLICT DO NOTHING
     RETURNING id, metodo_pagamento, created_at, referencia, preco_centavos, prazo_pagamento, situacao,
               ${busNameOf("onibus_id")} AS onibus_nome, NULL::int AS posicao_espera`,
    [JSON.stringify(values), FORM_STATUS_ID],
  );
  return new Map(created.map((row) => [row.referencia, row]));
}

/**
 * The row an idempotency key made, with a new upload token: the first answer
 * may have been lost with its token. While unpaid it takes the data sent now,
 * since a visitor who never saw the answer may have fixed a field before
 * trying again; that keeps them at one registration (decision 030). Null when
 * the key made no row, or when the data sent now is another person's who is
 * already registered.
 */
async function replayKey(db: Queryable, key: string, data: RegistrationData, token: string) {
  let edited: CreatedRow | undefined;
  try {
    // The log names the visitor as the one who edited (set for this statement's transaction only).
    [edited] = await db.query<CreatedRow>(
      `WITH visitante AS (SELECT ${flagSql("caravana.ator_nome", "'visitante'")})
       UPDATE registrations SET upload_token_hash = $2,
         nome_completo = $3, idade = $4, numero_responsavel = $5, metodo_pagamento = $6,
         consentimento_versao = $7,
         consentimento_em = CASE WHEN $7::text IS NULL THEN NULL
                                 WHEN consentimento_versao IS NOT DISTINCT FROM $7 THEN consentimento_em ELSE now() END,
         updated_at = CASE WHEN (nome_completo, idade, numero_responsavel, metodo_pagamento)
                                IS DISTINCT FROM ($3, $4, $5, $6) THEN now() ELSE updated_at END
       WHERE idempotency_key = $1 AND status_pagamento = 'pendente' AND situacao <> 'desistente'
         AND EXISTS (SELECT FROM visitante)
       RETURNING ${CREATED_COLUMNS}`,
      [
        key,
        hashToken(token),
        data.nome_completo,
        data.idade,
        data.numero_responsavel,
        data.metodo_pagamento,
        consentVersion(data),
      ],
    );
  } catch (err) {
    if (isSamePersonConflict(err)) return null;
    throw err;
  }
  if (edited) return edited;
  // Paid or given up: the coordination's record stands as it is.
  const [kept] = await db.query<CreatedRow>(
    `UPDATE registrations SET upload_token_hash = $2 WHERE idempotency_key = $1 RETURNING ${CREATED_COLUMNS}`,
    [key, hashToken(token)],
  );
  return kept ?? null;
}

/** This person's active registration, if they already have one. */
async function findSamePerson(db: Queryable, data: RegistrationData): Promise<CreatedRow | null> {
  const [row] = await db.query<CreatedRow>(
    `SELECT ${CREATED_COLUMNS} FROM registrations WHERE ${SAME_PERSON_SQL} ORDER BY created_at LIMIT 1`,
    samePersonParams(data),
  );
  return row ?? null;
}

/**
 * One registration, with every rule: a repeated idempotency key returns the
 * first registration (see replayKey) instead of a second one, a person already
 * registered gets a ConflictError naming their registration's code, and a closed form is
 * refused.
 */
export async function createRegistration(
  db: Queryable,
  data: RegistrationData,
  idempotencyKey: string | null,
  eventTitle: () => string = () => DEFAULT_EVENT_TITLE,
): Promise<CreateResult> {
  // About a million references: a clash is rare (one in ten draws only once a
  // bench has filled 100 000 rows), and a new draw settles it.
  for (let attempt = 0; attempt < 20; attempt++) {
    const row: NewRow = { data, key: idempotencyKey, reference: drawReference(), token: newSecret() };
    let created: CreatedRow | undefined;
    try {
      created = (await insertRegistrations(db, [row])).get(row.reference);
    } catch (err) {
      if (!isPhoneFull(err)) throw err;
      const [{ limit }] = await db.query<{ limit: number }>("SELECT caravana_inscricoes_por_numero() AS limit");
      throw new ConflictError(phoneFullMessage(limit));
    }
    if (created) {
      const [placed] = await withWaitingPositions(db, [created]);
      return { registration: toCreated(placed, row.token), replayed: false };
    }

    const replayed = idempotencyKey ? await replayKey(db, idempotencyKey, data, row.token) : null;
    if (replayed) return { registration: toCreated(replayed, row.token), replayed: true };
    const existing = await findSamePerson(db, data);
    if (existing) {
      // Neither the code nor the id: a name and a number are all anyone needs to get here (decision 041).
      // The phone that made it finds it on "Minha inscrição"; any other asks with the code.
      throw new ConflictError(alreadyRegisteredMessage(data.nome_completo), { ja_inscrita: true });
    }
    if (!(await readFormStatus(db)).is_open) throw new ConflictError(formClosedMessage(eventTitle()));
    // Open, new key, new person: the reference (or the id) was taken. Draw again.
  }
  throw new Error("referência de pagamento repetida 20 vezes seguidas");
}
