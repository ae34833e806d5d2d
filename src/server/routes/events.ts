import type { FastifyReply } from "fastify";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";

const STREAM_RETRY_AFTER_S = 30;

/** Over a cap: 429. The page keeps working: it asks for the form status itself meanwhile (hooks/use-event-stream.ts). */
function refuseOverCap(refusal: string | null, reply: FastifyReply): void {
  if (!refusal) return;
  reply.header("Retry-After", String(STREAM_RETRY_AFTER_S));
  throw new HttpError(429, refusal);
}

// A logout or a password change ends an admin stream at once (admin_sessions_notify_delete);
// expiry by time is found by this re-check. The browser then reconnects and
// gets a visitor stream.
export const ADMIN_STREAM_RECHECK_MS = 60_000;

/** `?inscricoes=<id>,<id>`: the registrations a "Minha inscrição" page holds, at most 20 well-formed ids. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function watchedIds(url: string): string[] {
  const raw = new URL(url, "http://caravana").searchParams.get("inscricoes") ?? "";
  return [...new Set(raw.toLowerCase().split(","))].filter((id) => UUID.test(id)).slice(0, 20);
}

const eventsRoutes: RoutePlugin = async (app) => {
  app.get("/api/events", async (request, reply) => {
    // HEAD gets the headers and an end: Node drops a HEAD body, so an opened stream would send nothing, ever.
    if (request.method === "HEAD")
      return reply.type("text/event-stream; charset=utf-8").header("Cache-Control", "no-cache").send();
    // No renewal here: the reply is hijacked, so a fresh cookie could not be sent.
    // Refused before anything else, the database included: a flood costs as little as possible.
    const client = clientKey(request.ip);
    refuseOverCap(app.realtime.refusal(client), reply);
    const tokenHash = (await app.adminSessions.check(request))?.tokenHash ?? null;
    // Checked again: other streams may have opened while the session was read.
    refuseOverCap(app.realtime.refusal(client), reply);
    app.realtime.open(reply, { sessionHash: tokenHash, client, watching: watchedIds(request.url) });
    if (!tokenHash) return;
    const res = reply.raw;
    const timer = setInterval(() => {
      app.adminSessions
        .isValid(tokenHash)
        .then((valid) => {
          if (!valid) res.end();
        })
        .catch((err) => app.log.warn({ err }, "falha ao conferir a sessão de um stream"));
    }, ADMIN_STREAM_RECHECK_MS);
    timer.unref();
    res.on("close", () => clearInterval(timer));
  });
};

export default eventsRoutes;
