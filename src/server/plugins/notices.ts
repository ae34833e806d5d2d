import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { type PassResult, SEND_BATCH, sendBatch } from "../notices/send-outbox";
import { queueDeadlineReminders, queueEveNotices } from "../notices/scheduled-notices";
import { loadVapidKeys, VapidSigner } from "../notices/vapid";

/** Retries that came due and notices whose NOTIFY was missed are picked up this often. */
export const SEND_EVERY_MS = 15_000;
/** The deadline reminders and the eve of the trip are looked for this often. */
export const SCHEDULE_EVERY_MS = 60_000;

export interface NoticesService {
  /** Sends every notice due now, batch after batch; one pass at a time on this instance. */
  sendDue(): Promise<PassResult>;
  /** Queues the reminders and the eve notice that are due now. */
  queueScheduled(): Promise<{ lembretes: number; vespera: number }>;
  /** The VAPID public key browsers subscribe with. */
  publicKey(): Promise<string>;
}

declare module "fastify" {
  interface FastifyInstance {
    notices: NoticesService;
  }
}

/**
 * "Avisos neste celular" (decision 050): the outbox the database fills in the
 * changes' own transactions is sent from here. A NOTIFY on caravana_avisos
 * wakes every instance; each takes its own rows (send-outbox.ts), so a notice
 * goes out once.
 */
export const noticesPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  let signer: Promise<{ signer: VapidSigner; publicKey: string }> | null = null;
  const vapid = () => {
    signer ??= loadVapidKeys(app.db, { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }).then(
      (keys) => ({
        signer: new VapidSigner(keys, config.VAPID_SUBJECT ?? config.publicUrl),
        publicKey: keys.publicKey,
      }),
    );
    return signer;
  };

  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn);
    queue = next.catch(() => {});
    return next;
  };

  async function pass(): Promise<PassResult> {
    const deps = { db: app.db, signer: (await vapid()).signer, extraOrigins: config.PUSH_ENDPOINTS_EXTRA };
    const total: PassResult = { enviados: 0, adiados: 0, descartados: 0, assinaturas_removidas: 0 };
    for (;;) {
      const r = await sendBatch(deps);
      total.enviados += r.enviados;
      total.adiados += r.adiados;
      total.descartados += r.descartados;
      total.assinaturas_removidas += r.assinaturas_removidas;
      if (r.taken < SEND_BATCH) break;
    }
    if (total.enviados + total.adiados + total.descartados + total.assinaturas_removidas > 0)
      app.log.info(total, "avisos enviados");
    return total;
  }

  // A wake-up while a pass runs asks for one more after it, never for a pile of them.
  let wanted = false;
  let running = false;
  const wake = () => {
    if (running) {
      wanted = true;
      return;
    }
    running = true;
    void serial(pass)
      .catch((err) => app.log.warn({ err }, "falha ao enviar avisos"))
      .finally(() => {
        running = false;
        if (wanted) {
          wanted = false;
          wake();
        }
      });
  };

  const service: NoticesService = {
    sendDue: () => serial(pass),
    queueScheduled: () =>
      serial(async () => ({
        lembretes: await queueDeadlineReminders(app.db, app.eventSettings.current().fuso_horario),
        vespera: await queueEveNotices(app.db, app.eventSettings.current()),
      })),
    publicKey: async () => (await vapid()).publicKey,
  };
  app.decorate("notices", service);

  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    await vapid();
    unlisten = await app.db.listen("caravana_avisos", wake);
    const schedule = () =>
      service.queueScheduled().catch((err) => app.log.warn({ err }, "falha ao preparar avisos de prazo e véspera"));
    timers.push(setInterval(wake, SEND_EVERY_MS), setInterval(schedule, SCHEDULE_EVERY_MS));
    for (const t of timers) t.unref();
    // What was queued while the server was down goes now.
    void schedule();
    wake();
  });
  app.addHook("onClose", async () => {
    for (const t of timers) clearInterval(t);
    await unlisten?.();
    await queue;
  });
});
