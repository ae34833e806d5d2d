import type { RegistrationData } from "../../shared/registration-schema";
import { FORM_STATUS_ID } from "../../shared/constants";
import { referenceCode } from "../../shared/pix/reference-code";
import { hashToken } from "../auth/token-hash";
import type { Queryable } from "../db/database";
import {
  consentVersion,
  createRegistration,
  type CreatedRow,
  newRegistrationId,
  newUploadToken,
  nodeRandom,
  toCreated,
} from "./create-registration";

export type CreateResult = Awaited<ReturnType<typeof createRegistration>>;

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
}

/**
 * Group commit for the registration surge. While an INSERT is running, new
 * registrations wait in a queue; when it ends, everything waiting goes in one
 * multi-row INSERT. One statement and one commit for many rows costs little
 * more than for one (on PGlite most of a single insert is per-statement work;
 * on PostgreSQL it is the commit's WAL flush), so under load each registration
 * gets cheaper instead of waiting its turn. A quiet moment sends a lone
 * registration at once, through the single-row path, with no added delay.
 *
 * Whatever the batch could not settle (an idempotency key seen before, a
 * reference that clashed, a closed form) and any batch that failed as a whole
 * goes through createRegistration one by one, so the rules and the error
 * messages stay in one place.
 */
export function registrationWriter(db: Queryable, options: WriterOptions = {}): RegistrationWriter {
  const maxBatch = options.maxBatch ?? 64;
  const concurrency = options.concurrency ?? 1;
  const drawReference = options.drawReference ?? (() => referenceCode(nodeRandom));
  const queue: Pending[] = [];
  let running = 0;
  let scheduled = false;

  const settleOneByOne = (items: Pending[]) =>
    Promise.all(items.map((item) => createRegistration(db, item.data, item.key).then(item.resolve, item.reject)));

  /** `release` frees the batch's slot: once the database has answered, before the requests are. */
  async function runBatch(batch: Pending[], release: () => void): Promise<void> {
    if (batch.length === 1) {
      await settleOneByOne(batch);
      return;
    }
    let settle: (() => Pending[]) | null = null;
    try {
      settle = await insertBatch(db, batch, drawReference);
    } catch {
      // One bad row fails the whole statement; one by one (below), each gets its own answer.
    }
    // The next batch goes to the database now, while this one is answered: on
    // PGlite it used to wait for these answers, and the database's thread sat
    // idle meanwhile. The rare one-by-one leftovers run outside the slot.
    release();
    await settleOneByOne(settle ? settle() : batch);
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

/**
 * Inserts the batch in one statement. The function it returns answers the
 * requests whose rows it created and returns the ones it did not. ON CONFLICT
 * DO NOTHING covers every unique column: a repeated idempotency key (also
 * twice in one batch) and a reference drawn twice are left for the single-row
 * path, which knows what each one means. Rows are matched to requests by
 * their reference, which is unique.
 */
async function insertBatch(db: Queryable, batch: Pending[], drawReference: () => string): Promise<() => Pending[]> {
  const tokens = batch.map(() => newUploadToken());
  const references = batch.map(() => drawReference());
  const rows = await db.query<CreatedRow>(
    `INSERT INTO registrations
       (id, nome_completo, idade, numero_responsavel, metodo_pagamento, idempotency_key, referencia, upload_token_hash,
        consentimento_versao, consentimento_em)
     SELECT v.id::uuid, v.nome, v.idade, v.numero, v.metodo, v.chave::uuid, v.referencia, v.token, v.consentimento,
            CASE WHEN v.consentimento IS NULL THEN NULL ELSE now() END
     FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $10::text[])
          AS v(nome, idade, numero, metodo, chave, referencia, token, consentimento, id)
     WHERE (SELECT is_open FROM form_settings WHERE id = $9)
     ON CONFLICT DO NOTHING
     RETURNING id, metodo_pagamento, created_at, referencia`,
    [
      batch.map((p) => p.data.nome_completo),
      batch.map((p) => p.data.idade),
      batch.map((p) => p.data.numero_responsavel),
      batch.map((p) => p.data.metodo_pagamento),
      batch.map((p) => p.key),
      references,
      tokens.map(hashToken),
      batch.map((p) => consentVersion(p.data)),
      FORM_STATUS_ID,
      batch.map(() => newRegistrationId()),
    ],
  );
  return () => {
    const created = new Map(rows.map((row) => [row.referencia, row]));
    const leftovers: Pending[] = [];
    batch.forEach((item, i) => {
      const row = created.get(references[i]);
      // A reference drawn twice in one batch: only the first of the two was inserted.
      if (row && created.delete(references[i]))
        item.resolve({ registration: toCreated(row, tokens[i]), replayed: false });
      else leftovers.push(item);
    });
    return leftovers;
  };
}
