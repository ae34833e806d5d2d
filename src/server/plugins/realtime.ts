import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { RegistrationsChanged } from "../../shared/api-types";
import type { BoardingEvent } from "../../shared/boarding";
import { LIVE_EVENTS, type NotifiedEventName } from "../../shared/live-events";
import { EVENTS_CHANNEL } from "../db/database";
import { type DbEvent, type DbEventHandlers, dispatchDbEvent } from "../realtime/db-events";
import { floodShedding } from "../realtime/flood-shedding";
import { frame, openStreams } from "../realtime/streams";
import { readFormStatus } from "../registrations/form-status-repository";
import { readSeatSummary } from "../seats/bus-repository";
import { seatSummaryFeed } from "../seats/seat-summary-feed";

export interface Realtime {
  /**
   * Takes over the reply as an SSE stream. Admin streams (opened with a valid
   * session's hash) also receive the ids of changed registrations, and end the
   * moment that session ends, on any instance.
   */
  open(reply: FastifyReply, opts: { sessionHash: string | null; client: string; watching?: string[] }): void;
  /** Why one more stream from this client would be refused (the caps), or null. */
  refusal(client: string): string | null;
  /** Sends an event to every stream (or only the admin ones): never personal data. */
  publish(event: string, data: unknown, adminOnly?: boolean): void;
  /** Another plugin's work on a database event, after this plugin's own. */
  onDbEvent<K extends NotifiedEventName>(type: K, handler: (event: Extract<DbEvent, { type: K }>) => void): void;
  /** Re-sends the current form status to every stream (after a lost LISTEN connection). */
  resync(): Promise<void>;
  readonly size: number;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const HEARTBEAT_MS = 25_000;

export interface RealtimeOptions {
  maxPerClient: number;
  maxTotal: number;
  /** Close a flooding address's connections on arrival; off behind a proxy, where every connection is the proxy's. */
  shedFloods: boolean;
}

/**
 * Live updates over Server-Sent Events. Every database change is announced by
 * a trigger with NOTIFY; each instance LISTENs and fans out to its own streams,
 * so several instances on one PostgreSQL stay in step.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  const countRefusal = floodShedding(app.server, app.log, opts.shedFloods);
  const streams = openStreams(opts, countRefusal);
  const seats = seatSummaryFeed(app.db, (summary) => streams.send(frame(LIVE_EVENTS.seats, summary), false), app.log);
  const also = new Map<NotifiedEventName, ((event: DbEvent) => void)[]>();

  // Only the ids a statement changed: the panel reads the rows through the
  // session-checked API, so a stream never carries personal data.
  const registrationsChanged = (event: { type: string; ids: string[] }) => {
    seats.mayHaveChanged();
    const changed: RegistrationsChanged = { ids: event.ids };
    streams.send(frame(event.type, changed), true);
    streams.sendToWatchers(LIVE_EVENTS.myRegistrations, event.ids);
  };
  const handlers: DbEventHandlers = {
    [LIVE_EVENTS.formStatus]: (event) => {
      const status = { is_open: event.is_open, updated_at: new Date(event.updated_at).toISOString() };
      streams.send(frame(LIVE_EVENTS.formStatus, status), false);
    },
    [LIVE_EVENTS.registrationInserted]: registrationsChanged,
    [LIVE_EVENTS.registrationUpdated]: registrationsChanged,
    [LIVE_EVENTS.registrationDeleted]: registrationsChanged,
    [LIVE_EVENTS.registrationPromoted]: registrationsChanged,
    [LIVE_EVENTS.busesChanged]: () => {
      seats.mayHaveChanged();
      streams.send(frame(LIVE_EVENTS.busesChanged, {}), true);
    },
    [LIVE_EVENTS.boarding]: (event) => {
      const marks: BoardingEvent = { marks: event.marks };
      streams.send(frame(LIVE_EVENTS.boarding, marks), true);
    },
    [LIVE_EVENTS.sessionsEnded]: (event) => streams.endSessions(event.hashes),
    [LIVE_EVENTS.messageLists]: (event) => {
      const changed: RegistrationsChanged = { ids: event.ids };
      streams.send(frame(LIVE_EVENTS.messageLists, changed), true);
    },
    // Told to the pages by the settings plugin once it has read the new values (settings/event-settings.ts).
    [LIVE_EVENTS.settingsChanged]: () => {},
    // TRUNCATE announces no row: every page fetches its lists again.
    [LIVE_EVENTS.editionClosed]: () => {
      void realtime.resync().catch((err) => app.log.error({ err }, "falha ao reenviar após encerrar a edição"));
    },
  };

  const unlisten = await app.db.listen(EVENTS_CHANNEL, (payload) => {
    try {
      const event = dispatchDbEvent(payload, handlers);
      for (const handler of also.get(event.type) ?? []) handler(event);
    } catch (err) {
      app.log.error({ err }, "falha ao repassar evento ao vivo");
    }
  });

  const heartbeat = setInterval(() => streams.send(": ping\n\n", false), HEARTBEAT_MS);
  heartbeat.unref();

  const realtime: Realtime = {
    refusal: (client) => streams.refusal(client),
    open(reply, opts) {
      const res = streams.open(reply, opts);
      // Current status first: a reconnecting page is back in step at once.
      Promise.all([readFormStatus(app.db), readSeatSummary(app.db)])
        .then(([status, summary]) =>
          res.write(frame(LIVE_EVENTS.formStatus, status) + frame(LIVE_EVENTS.seats, summary)),
        )
        .catch((err) => app.log.error({ err }, "falha ao ler status do formulário"));
    },
    publish(event, data, adminOnly = false) {
      streams.send(frame(event, data), adminOnly);
    },
    onDbEvent(type, handler) {
      also.set(type, [...(also.get(type) ?? []), handler as (event: DbEvent) => void]);
    },
    async resync() {
      const status = await readFormStatus(app.db);
      streams.send(frame(LIVE_EVENTS.formStatus, status), false);
      await seats.sendNow(true);
      streams.send(frame(LIVE_EVENTS.resync, {}), true);
      // A closed edition or lost events: every watched registration is read again.
      streams.sendToWatchers(LIVE_EVENTS.myRegistrations, [], true);
    },
    get size() {
      return streams.size;
    },
  };
  app.decorate("realtime", realtime);

  // Streams never end by themselves; close them so shutdown does not wait forever.
  app.addHook("preClose", async () => {
    clearInterval(heartbeat);
    seats.stop();
    streams.endAll();
    await unlisten();
  });
});
