import { randomBytes, randomUUID } from "node:crypto";
import type { RegistrationCreated, RegistrationFound } from "../../shared/api-types";
import { DEFAULT_EVENT_TITLE, FORM_STATUS_ID } from "../../shared/constants";
import { referenceCode } from "../../shared/pix/reference-code";
import { ADULT_AGE, CONSENT_VERSION } from "../../shared/privacy";
import type { RegistrationData } from "../../shared/registration-schema";
import { hashToken } from "../auth/token-hash";
import type { Queryable } from "../db/database";
import { HttpError } from "../http-error";
import { readFormStatus } from "./form-status-repository";
import { withWaitingPositions } from "../seats/waiting-positions";
import { busNameOf, SEAT_COLUMNS } from "./registration-row";
import { alreadyRegisteredMessage, isSamePersonConflict, SAME_PERSON_SQL, samePersonParams } from "./same-person";

// The registration write path: one INSERT (insertRegistrations), the rules for
// a single registration (createRegistration), and the group commit that lets
// registrations arriving together share a statement (registrationWriter).

/** The answer to a registration sent while the form is closed. */
export const formClosedMessage = (eventTitle: string) => `As inscrições para a ${eventTitle} estão encerradas.`;

export type CreateResult = { registration: RegistrationCreated; replayed: boolean };

interface CreatedRow {
  id: string;
  preco_centavos: number;
  metodo_pagamento: RegistrationCreated["metodo_pagamento"];
  created_at: Date;
  referencia: string;
  situacao: RegistrationCreated["situacao"];
  onibus_nome: string | null;
  posicao_espera: number | null;
}

const CREATED_COLUMNS = `id, metodo_pagamento, created_at, referencia, preco_centavos, ${SEAT_COLUMNS}`;

/** One row to insert, with the secrets drawn for it. */
interface NewRow {
  data: RegistrationData;
  key: string | null;
  reference: string;
  token: string;
}

const newUploadToken = () => randomBytes(32).toString("base64url");
const nodeRandom = (n: number) => new Uint8Array(randomBytes(n));
const drawReference = () => referenceCode(nodeRandom);

/** Which consent text the guardian accepted; the schema already demanded it under 18. */
const consentVersion = (data: RegistrationData): string | null =>
  data.idade < ADULT_AGE && data.consentimento ? CONSENT_VERSION : null;

const toCreated = (row: CreatedRow, uploadToken: string): RegistrationCreated => ({
  id: row.id,
  metodo_pagamento: row.metodo_pagamento,
  created_at: new Date(row.created_at).toISOString(),
  referencia: row.referencia,
  upload_token: uploadToken,
  situacao: row.situacao,
  onibus_nome: row.onibus_nome,
  posicao_espera: row.posicao_espera,
  preco_centavos: row.preco_centavos,
});

/**
 * The one INSERT of registrations, for one row or many. It checks in the same
 * statement that the form is open, so a close made a moment earlier always
 * wins. ON CONFLICT DO NOTHING covers every unique column: a row whose
 * idempotency key, reference or id is taken is simply not returned, and the
 * caller decides what that means. Returned rows are keyed by their reference.
 * The id is drawn in Node: PGlite's gen_random_uuid() opened /dev/urandom once
 * per row (decision 019).
 *
 * The database seats each row or puts it in the waiting list (migration 010).
 * A waiting row's position counts rows this statement cannot see in its
 * RETURNING: the callers read it afterwards (withWaitingPositions).
 */
async function insertRegistrations(db: Queryable, rows: NewRow[]): Promise<Map<string, CreatedRow>> {
  const created = await db.query<CreatedRow>(
    `INSERT INTO registrations
       (id, nome_completo, idade, numero_responsavel, metodo_pagamento, idempotency_key, referencia, upload_token_hash,
        consentimento_versao, consentimento_em)
     SELECT v.id::uuid, v.nome, v.idade, v.numero, v.metodo, v.chave::uuid, v.referencia, v.token, v.consentimento,
            CASE WHEN v.consentimento IS NULL THEN NULL ELSE now() END
     FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $10::text[])
          AS v(nome, idade, numero, metodo, chave, referencia, token, consentimento, id)
     WHERE (SELECT is_open FROM form_settings WHERE id = $9)
     ON CONFLICT DO NOTHING
     RETURNING id, metodo_pagamento, created_at, referencia, preco_centavos, situacao,
               ${busNameOf("onibus_id")} AS onibus_nome, NULL::int AS posicao_espera`,
    [
      rows.map((r) => r.data.nome_completo),
      rows.map((r) => r.data.idade),
      rows.map((r) => r.data.numero_responsavel),
      rows.map((r) => r.data.metodo_pagamento),
      rows.map((r) => r.key),
      rows.map((r) => r.reference),
      rows.map((r) => hashToken(r.token)),
      rows.map((r) => consentVersion(r.data)),
      FORM_STATUS_ID,
      rows.map(() => randomUUID()),
    ],
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
    [edited] = await db.query<CreatedRow>(
      `UPDATE registrations SET upload_token_hash = $2,
         nome_completo = $3, idade = $4, numero_responsavel = $5, metodo_pagamento = $6,
         consentimento_versao = $7,
         consentimento_em = CASE WHEN $7::text IS NULL THEN NULL
                                 WHEN consentimento_versao IS NOT DISTINCT FROM $7 THEN consentimento_em ELSE now() END,
         updated_at = CASE WHEN (nome_completo, idade, numero_responsavel, metodo_pagamento)
                                IS DISTINCT FROM ($3, $4, $5, $6) THEN now() ELSE updated_at END
       WHERE idempotency_key = $1 AND status_pagamento = 'pendente' AND situacao <> 'desistente'
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
 * registered gets a 409 naming their registration's code, and a closed form is
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
    const row: NewRow = { data, key: idempotencyKey, reference: drawReference(), token: newUploadToken() };
    const created = (await insertRegistrations(db, [row])).get(row.reference);
    if (created) {
      const [placed] = await withWaitingPositions(db, [created]);
      return { registration: toCreated(placed, row.token), replayed: false };
    }

    const replayed = idempotencyKey ? await replayKey(db, idempotencyKey, data, row.token) : null;
    if (replayed) return { registration: toCreated(replayed, row.token), replayed: true };
    const existing = await findSamePerson(db, data);
    if (existing) {
      const { upload_token: _secret, ...found } = toCreated(existing, "");
      throw new HttpError(409, alreadyRegisteredMessage(data.nome_completo, existing.referencia), {
        inscricao: found satisfies RegistrationFound,
      });
    }
    if (!(await readFormStatus(db)).is_open) throw new HttpError(409, formClosedMessage(eventTitle()));
    // Open, new key, new person: the reference (or the id) was taken. Draw again.
  }
  throw new Error("referência de pagamento repetida 20 vezes seguidas");
}

interface Pending {
  data: RegistrationData;
  key: string | null;
  resolve: (result: CreateResult) => void;
  reject: (err: unknown) => void;
}

export interface RegistrationWriter {
  create(data: RegistrationData, idempotencyKey: string | null): Promise<CreateResult>;
}

export interface WriterOptions {
  /** Most registrations in one INSERT. */
  maxBatch?: number;
  /** INSERT statements in flight at once (PGlite runs one query at a time; a pool can overlap commits). */
  concurrency?: number;
  /** Draws a payment reference; tests pass one that repeats, to force a clash. */
  drawReference?: () => string;
  /** Named in the answer to a registration sent while the form is closed. */
  /** The title in force when a closed form is answered (the settings may change it). */
  eventTitle?: () => string;
}

/**
 * Group commit for a registration surge. While an INSERT is running, new
 * registrations wait in a queue; when it ends, everything waiting goes in one
 * multi-row INSERT. One statement and one commit for many rows costs little
 * more than for one, so under load each registration gets cheaper instead of
 * waiting its turn (decision 014). A lone registration goes through
 * createRegistration at once, with no added delay.
 *
 * Whatever a batch could not settle (an idempotency key seen before, a
 * reference drawn twice, a closed form) and any batch that failed as a whole
 * goes through createRegistration one by one, so the rules and the error
 * messages stay in one place.
 */
export function registrationWriter(db: Queryable, options: WriterOptions = {}): RegistrationWriter {
  const maxBatch = options.maxBatch ?? 64;
  const concurrency = options.concurrency ?? 1;
  const draw = options.drawReference ?? drawReference;
  const queue: Pending[] = [];
  let running = 0;
  let scheduled = false;

  const settleOneByOne = (items: Pending[]) =>
    Promise.all(
      items.map((item) =>
        createRegistration(db, item.data, item.key, options.eventTitle).then(item.resolve, item.reject),
      ),
    );

  /** `release` frees the batch's slot: once the database has answered, before the requests are. */
  async function runBatch(batch: Pending[], release: () => void): Promise<void> {
    if (batch.length === 1) {
      await settleOneByOne(batch);
      return;
    }
    const rows = batch.map((item): NewRow => ({ ...item, reference: draw(), token: newUploadToken() }));
    let created: Map<string, CreatedRow> | null = null;
    try {
      created = await insertRegistrations(db, rows);
    } catch {
      // One bad row fails the whole statement; one by one (below), each gets its own answer.
    }
    // The next batch goes to the database now, while this one is answered (decision 018).
    release();
    if (created) {
      const placed = await withWaitingPositions(db, [...created.values()]);
      created = new Map(placed.map((row) => [row.referencia, row]));
    }
    const leftovers = created ? answerCreated(batch, rows, created) : batch;
    await settleOneByOne(leftovers);
  }

  function pump(): void {
    while (running < concurrency && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      running++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        running--;
        pump();
      };
      void runBatch(batch, release).finally(release);
    }
  }

  return {
    create(data, idempotencyKey) {
      return new Promise<CreateResult>((resolve, reject) => {
        queue.push({ data, key: idempotencyKey, resolve, reject });
        // Starting the batch after this turn of the event loop collects every
        // request read in it; a database that answers within microtasks would
        // otherwise finish a batch of one before the next request is parsed.
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
  };
}

/** Answers the requests whose rows were created; returns the others. */
function answerCreated(batch: Pending[], rows: NewRow[], created: Map<string, CreatedRow>): Pending[] {
  const leftovers: Pending[] = [];
  batch.forEach((item, i) => {
    const row = created.get(rows[i].reference);
    // A reference drawn twice in one batch: only the first of the two was inserted.
    if (row && created.delete(rows[i].reference)) {
      item.resolve({ registration: toCreated(row, rows[i].token), replayed: false });
    } else leftovers.push(item);
  });
  return leftovers;
}
