import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";

// A client that stops reading is dropped before its backlog eats memory.
const MAX_BACKLOG_BYTES = 1 << 20;

export const STREAM_LIMIT_MESSAGES = {
  client:
    "Muitas conexões ao vivo abertas a partir deste endereço. A página continua funcionando e se atualiza sozinha.",
  total: "O servidor está com muitas conexões ao vivo agora. A página continua funcionando e se atualiza sozinha.",
} as const;

export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

interface Stream {
  res: ServerResponse;
  client: string;
  admin: boolean;
  /** The admin session it was opened with: the stream ends with it. */
  sessionHash: string | null;
  /** The registrations a "Minha inscrição" page watches (ids it already holds), or null. */
  watching: Set<string> | null;
}

export interface StreamCaps {
  maxPerClient: number;
  maxTotal: number;
}

/**
 * The open SSE streams of this instance, capped per client and in all, so a
 * flood from one address cannot use up the process's file descriptors (and
 * with them PGlite's files).
 */
export function openStreams(caps: StreamCaps, onRefusedAtClientCap: (client: string) => void) {
  const streams = new Set<Stream>();
  const perClient = new Map<string, number>();
  const write = (s: Stream, chunk: string) => {
    // Ended (its session ended) but not closed yet: it leaves the set on 'close'.
    if (s.res.writableEnded) return;
    if (s.res.writableLength > MAX_BACKLOG_BYTES) {
      s.res.destroy();
      return;
    }
    s.res.write(chunk);
  };

  return {
    get size() {
      return streams.size;
    },
    /** Why one more stream from this client would be refused, or null. */
    refusal(client: string): string | null {
      if (streams.size >= caps.maxTotal) return STREAM_LIMIT_MESSAGES.total;
      if ((perClient.get(client) ?? 0) >= caps.maxPerClient) {
        onRefusedAtClientCap(client);
        return STREAM_LIMIT_MESSAGES.client;
      }
      return null;
    },
    /** Takes over the reply as an SSE stream and returns its response, to write the current state first. */
    open(
      reply: FastifyReply,
      { sessionHash, client, watching = [] }: { sessionHash: string | null; client: string; watching?: string[] },
    ): ServerResponse {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
        "X-Content-Type-Options": "nosniff",
      });
      const stream: Stream = {
        res,
        client,
        admin: sessionHash !== null,
        sessionHash,
        watching: watching.length > 0 ? new Set(watching) : null,
      };
      streams.add(stream);
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      res.on("close", () => {
        if (!streams.delete(stream)) return;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      });
      res.write("retry: 2000\n\n");
      return res;
    },
    send(chunk: string, adminOnly: boolean): void {
      for (const s of streams) {
        if (adminOnly && !s.admin) continue;
        write(s, chunk);
      }
    },
    /** To each page watching some of these registrations, the ids among them it watches. */
    sendToWatchers(event: string, ids: string[], all = false): void {
      const changed = new Set(ids);
      for (const s of streams) {
        if (!s.watching) continue;
        // At most 20 watched ids per stream, whatever the size of the event.
        const mine = all ? [...s.watching] : [...s.watching].filter((id) => changed.has(id));
        if (mine.length > 0) write(s, frame(event, { ids: mine }));
      }
    },
    endSessions(hashes: string[]): void {
      const ended = new Set(hashes);
      for (const s of streams) if (s.sessionHash && ended.has(s.sessionHash)) s.res.end();
    },
    endAll(): void {
      for (const s of streams) s.res.end();
      streams.clear();
    },
  };
}
