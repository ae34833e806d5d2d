import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { giveFirstDeadlines } from "../deadlines/first-deadlines";
import { autoReleaseOn, RELEASE_BATCH, releaseExpired } from "../deadlines/release-expired";

/** How often each instance looks for seats past their deadline: "at least once a minute". */
export const RELEASE_EVERY_MS = 30_000;

export interface DeadlinesService {
  /** One pass: every seat whose deadline and tolerance passed is released. Returns how many. */
  runOnce(): Promise<number>;
  /** The pass made at the start (a deadline that passed while the server was down). */
  readonly firstPass: Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    deadlines: DeadlinesService;
  }
}

/**
 * Seats that free themselves (decision 049). At the start, once the server is
 * ready, the deadlines of registrations seated before deadlines existed are
 * set, and the first pass runs at once: a deadline that passed while the
 * server was down is handled then. Every RELEASE_EVERY_MS after, another pass.
 * Passes run in batches, so the form's registrations go between them.
 */
export const deadlinesPlugin = fp(async (app: FastifyInstance, opts: { everyMs?: number } = {}) => {
  // One pass at a time on this instance; other instances are kept apart by the database's locks.
  let queue: Promise<unknown> = Promise.resolve();

  async function pass(): Promise<number> {
    if (!(await autoReleaseOn(app.db))) return 0;
    const started = performance.now();
    const limit = RELEASE_BATCH[app.db.kind];
    let total = 0;
    for (let firstOfPass = true; ; firstOfPass = false) {
      const released = await releaseExpired(app.db, { limit, firstOfPass });
      total += released.length;
      if (released.length < limit) break;
      await nextTurn();
    }
    if (total > 0)
      app.log.info(
        { liberadas: total, ms: Math.round(performance.now() - started) },
        "vagas com prazo vencido liberadas",
      );
    return total;
  }

  const service: Pick<DeadlinesService, "runOnce"> = {
    runOnce() {
      const next = queue.then(() => pass());
      queue = next.catch(() => {});
      return next;
    },
  };
  let started!: (pass: Promise<number>) => void;
  const firstPass = new Promise<number>((resolve) => {
    started = (pass) => resolve(pass);
  });
  app.decorate("deadlines", { ...service, firstPass });

  let timer: NodeJS.Timeout | undefined;
  const tick = () =>
    service.runOnce().catch((err) => {
      app.log.warn({ err }, "falha ao liberar vagas com prazo vencido");
      return 0;
    });
  app.addHook("onReady", async () => {
    const given = await giveFirstDeadlines(app.db);
    if (given > 0) app.log.info({ inscricoes: given }, "prazos de pagamento dados às vagas que já existiam");
    started(tick());
    timer = setInterval(tick, opts.everyMs ?? RELEASE_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await queue;
  });
});
