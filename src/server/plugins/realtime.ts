import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { type RegistrationsChanged, SSE_EVENTS } from "../../shared/api-types";
import type { BoardingEvent } from "../../shared/boarding";
import { clientKey } from "../client-key";
import { EVENTS_CHANNEL } from "../db/database";
import { readFormStatus } from "../registrations/form-status-repository";
import { readSeatSummary } from "../seats/bus-repository";

interface Stream {
  res: ServerResponse;
  client: string;
  admin: boolean;
  /** The admin session it was opened with: the stream ends with it. */
  sessionHash: string | null;
}

export interface Realtime {
  /**
   * Takes over the reply as an SSE stream. Admin streams (opened with a valid
   * session's hash) also receive the ids of changed registrations, and end the
   * moment that session ends, on any instance.
   */
  open(reply: FastifyReply, opts: { sessionHash: string | null; client: string }): void;
  /** Why one more stream from this client would be refused (the caps), or null. */
  refusal(client: string): string | null;
  /** Sends an event to every stream (or only the admin ones): never personal data. */
  publish(event: string, data: unknown, adminOnly?: boolean): void;
  /** Re-sends the current form status to every stream (after a lost LISTEN connection). */
  resync(): Promise<void>;
  readonly size: number;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

type DbEvent =
  | { type: "form-status"; is_open: boolean; updated_at: string }
  // One event per statement, up to 100 ids (migration 009).
  | {
      type: "registration-inserted" | "registration-updated" | "registration-deleted" | "registration-promoted";
      ids: string[];
    }
  | { type: "buses-changed" }
  | ({ type: "boarding" } & BoardingEvent)
  | { type: "sessions-ended"; hashes: string[] }
  // Told to the pages by the settings plugin once it has read the new values (settings/event-settings.ts).
  | { type: "settings-changed" };

const HEARTBEAT_MS = 25_000;
// Seat counts are read once per burst of changes, not once per registration.
const SEATS_DEBOUNCE_MS = 200;
// A client that stops reading is dropped before its backlog eats memory.
const MAX_BACKLOG_BYTES = 1 << 20;
// A page backs off for seconds after a 429 (hooks/use-event-stream.ts), so an
// address refused this often is a flood, not a church Wi-Fi reconnecting: for a
// while its new connections are closed as they arrive, before any HTTP is read
// (docs/decisions/027).
export const SHED_AFTER_REFUSALS_PER_SECOND = 100;
const SHED_MS = 5_000;

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Live updates over Server-Sent Events. Every database change is announced by
 * a trigger with NOTIFY; each instance LISTENs and fans out to its own streams,
 * so several instances on one PostgreSQL stay in step.
 */
export const STREAM_LIMIT_MESSAGES = {
  client:
    "Muitas conexões ao vivo abertas a partir deste endereço. A página continua funcionando e se atualiza sozinha.",
  total: "O servidor está com muitas conexões ao vivo agora. A página continua funcionando e se atualiza sozinha.",
} as const;

export interface RealtimeOptions {
  maxPerClient: number;
  maxTotal: number;
  /** Close a flooding address's connections on arrival; off behind a proxy, where every connection is the proxy's. */
  shedFloods: boolean;
}

export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  const streams = new Set<Stream>();
  // Open streams per client, so a flood from one address cannot use up the
  // process's file descriptors (and with them PGlite's files).
  const perClient = new Map<string, number>();
  // Only clients at their cap are counted here: a few entries at most (maxTotal / maxPerClient).
  const refusals = new Map<string, { since: number; count: number }>();
  const shedUntil = new Map<string, number>();

  function countRefusal(client: string): void {
    const now = Date.now();
    const r = refusals.get(client);
    if (!r || now - r.since >= 1000) {
      refusals.set(client, { since: now, count: 1 });
      return;
    }
    if (++r.count < SHED_AFTER_REFUSALS_PER_SECOND) return;
    refusals.delete(client);
    shedUntil.set(client, now + SHED_MS);
    app.log.warn({ client }, "excesso de conexões ao vivo: novas conexões deste endereço fechadas por alguns segundos");
  }

  if (opts.shedFloods) {
    app.server.on("connection", (socket: Socket) => {
      if (shedUntil.size === 0) return;
      const client = clientKey(socket.remoteAddress ?? "");
      const until = shedUntil.get(client);
      if (until === undefined) return;
      if (until > Date.now()) socket.destroy();
      else shedUntil.delete(client);
    });
  }

  function send(chunk: string, adminOnly: boolean): void {
    for (const s of streams) {
      if (adminOnly && !s.admin) continue;
      // Ended (its session ended) but not closed yet: it leaves the set on 'close'.
      if (s.res.writableEnded) continue;
      if (s.res.writableLength > MAX_BACKLOG_BYTES) {
        s.res.destroy();
        continue;
      }
      s.res.write(chunk);
    }
  }

  // Counts only (migration 010): what every visitor's form shows.
  let lastSeats = "";
  let seatsTimer: ReturnType<typeof setTimeout> | undefined;
  async function sendSeats(force: boolean): Promise<void> {
    const summary = await readSeatSummary(app.db);
    const key = `${summary.limitado}/${summary.livres}/${summary.espera}`;
    if (!force && key === lastSeats) return;
    lastSeats = key;
    send(frame(SSE_EVENTS.seats, summary), false);
  }
  function seatsMayHaveChanged(): void {
    if (seatsTimer) return;
    seatsTimer = setTimeout(() => {
      seatsTimer = undefined;
      sendSeats(false).catch((err) => app.log.error({ err }, "falha ao ler as vagas"));
    }, SEATS_DEBOUNCE_MS);
  }

  function onDbEvent(payload: string): void {
    const event = JSON.parse(payload) as DbEvent;
    if (event.type === "form-status") {
      const status = { is_open: event.is_open, updated_at: new Date(event.updated_at).toISOString() };
      send(frame(SSE_EVENTS.formStatus, status), false);
      return;
    }
    if (event.type === "settings-changed") return;
    if (event.type === "sessions-ended") {
      const ended = new Set(event.hashes);
      for (const s of streams) if (s.sessionHash && ended.has(s.sessionHash)) s.res.end();
      return;
    }
    if (event.type === "boarding") {
      const marks: BoardingEvent = { marks: event.marks };
      send(frame(SSE_EVENTS.boarding, marks), true);
      return;
    }
    seatsMayHaveChanged();
    if (event.type === "buses-changed") {
      send(frame(SSE_EVENTS.busesChanged, {}), true);
      return;
    }
    // Only the ids a statement changed: the panel reads the rows through the
    // session-checked API, so a stream never carries personal data.
    const changed: RegistrationsChanged = { ids: event.ids };
    send(frame(event.type, changed), true);
  }

  const unlisten = await app.db.listen(EVENTS_CHANNEL, (payload) => {
    try {
      onDbEvent(payload);
    } catch (err) {
      app.log.error({ err }, "falha ao repassar evento ao vivo");
    }
  });

  const heartbeat = setInterval(() => send(": ping\n\n", false), HEARTBEAT_MS);
  heartbeat.unref();

  const realtime: Realtime = {
    refusal(client) {
      if (streams.size >= opts.maxTotal) return STREAM_LIMIT_MESSAGES.total;
      if ((perClient.get(client) ?? 0) >= opts.maxPerClient) {
        countRefusal(client);
        return STREAM_LIMIT_MESSAGES.client;
      }
      return null;
    },
    open(reply, { sessionHash, client }) {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
        "X-Content-Type-Options": "nosniff",
      });
      const stream: Stream = { res, client, admin: sessionHash !== null, sessionHash };
      streams.add(stream);
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      res.on("close", () => {
        if (!streams.delete(stream)) return;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      });
      // Current status first: a reconnecting page is back in step at once.
      res.write("retry: 2000\n\n");
      Promise.all([readFormStatus(app.db), readSeatSummary(app.db)])
        .then(([status, seats]) => res.write(frame(SSE_EVENTS.formStatus, status) + frame(SSE_EVENTS.seats, seats)))
        .catch((err) => app.log.error({ err }, "falha ao ler status do formulário"));
    },
    publish(event, data, adminOnly = false) {
      send(frame(event, data), adminOnly);
    },
    async resync() {
      const status = await readFormStatus(app.db);
      send(frame(SSE_EVENTS.formStatus, status), false);
      await sendSeats(true);
      send(frame(SSE_EVENTS.resync, {}), true);
    },
    get size() {
      return streams.size;
    },
  };
  app.decorate("realtime", realtime);

  // Streams never end by themselves; close them so shutdown does not wait forever.
  app.addHook("preClose", async () => {
    clearInterval(heartbeat);
    clearTimeout(seatsTimer);
    for (const s of streams) s.res.end();
    streams.clear();
    await unlisten();
  });
});
