import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { clientKey } from "../client-key";

// A page backs off for seconds after a 429 (hooks/use-event-stream.ts), so an
// address refused this often is a flood, not a church Wi-Fi reconnecting: for a
// while its new connections are closed as they arrive, before any HTTP is read
// (docs/decisions/027).
export const SHED_AFTER_REFUSALS_PER_SECOND = 100;
const SHED_MS = 5_000;

/**
 * Counts the refusals of addresses at their stream cap and, when `enabled`
 * (off behind a proxy, where every connection is the proxy's), closes a
 * flooding address's new connections on arrival. Returns the counter. `now` is the clock, which its test moves.
 */
export function floodShedding(
  server: Server,
  log: FastifyBaseLogger,
  enabled: boolean,
  now: () => number = Date.now,
): (client: string) => void {
  // Only clients at their cap are counted here: a few entries at most (maxTotal / maxPerClient).
  const refusals = new Map<string, { since: number; count: number }>();
  const shedUntil = new Map<string, number>();

  if (enabled) {
    server.on("connection", (socket: Socket) => {
      if (shedUntil.size === 0) return;
      const client = clientKey(socket.remoteAddress ?? "");
      const until = shedUntil.get(client);
      if (until === undefined) return;
      if (until > now()) socket.destroy();
      else shedUntil.delete(client);
    });
  }

  return (client) => {
    const at = now();
    const r = refusals.get(client);
    if (!r || at - r.since >= 1000) {
      refusals.set(client, { since: at, count: 1 });
      return;
    }
    if (++r.count < SHED_AFTER_REFUSALS_PER_SECOND) return;
    refusals.delete(client);
    shedUntil.set(client, at + SHED_MS);
    log.warn({ client }, "excesso de conexões ao vivo: novas conexões deste endereço fechadas por alguns segundos");
  };
}
