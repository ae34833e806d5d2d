import type { RegistrationData } from "../../shared/registration-schema";
import type { Queryable } from "../db/database";
import { newSecret } from "../auth/token-hash";
import { withWaitingPositions } from "./waiting-positions";
import {
  type CreatedRow,
  type CreateResult,
  createRegistration,
  drawReference,
  insertRegistrations,
  type NewRow,
  toCreated,
} from "./create-registration";

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
    const rows = batch.map((item): NewRow => ({ ...item, reference: draw(), token: newSecret() }));
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
