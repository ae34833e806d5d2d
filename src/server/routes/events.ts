import type { FastifyReply } from "fastify";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";
import { MAX_WATCHED } from "../../shared/my-registration";
import { provenWatches } from "../my-registration/access-repository";
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

/** `?inscricoes=<id>.<proof>,…`: the registrations a "Minha inscrição" page follows, at most 20 well-formed pairs. */
const WATCHED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-f]{32})$/;
export function watchedPairs(url: string): { id: string; proof: string }[] {
  const raw = new URL(url, "http://caravana").searchParams.get("inscricoes") ?? "";
  const pairs = new Map<string, string>();
  for (const part of raw.toLowerCase().split(",")) {
    const m = WATCHED.exec(part);
    if (m && !pairs.has(m[1])) pairs.set(m[1], m[2]);
  }
  return [...pairs].slice(0, MAX_WATCHED).map(([id, proof]) => ({ id, proof }));
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
    // A page follows only the registrations it proves it holds: an id alone follows nothing.
    const pairs = watchedPairs(request.url);
    const watching = pairs.length ? await provenWatches(app.db, pairs) : [];
    app.realtime.open(reply, { sessionHash: tokenHash, client, watching });
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
