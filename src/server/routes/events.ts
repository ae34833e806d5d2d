import type { RoutePlugin } from "../plugins/zod-validation";

// A logout or a password change ends an admin stream at once (migration 014);
// expiry by time is found by this re-check. The browser then reconnects and
// gets a visitor stream.
export const ADMIN_STREAM_RECHECK_MS = 60_000;

const eventsRoutes: RoutePlugin = async (app) => {
  app.get("/api/events", async (request, reply) => {
    // HEAD gets the headers and an end: Node drops a HEAD body, so an opened stream would send nothing, ever.
    if (request.method === "HEAD")
      return reply.type("text/event-stream; charset=utf-8").header("Cache-Control", "no-cache").send();
    // No renewal here: the reply is hijacked, so a fresh cookie could not be sent.
    const tokenHash = await app.adminSessions.check(request);
    app.realtime.open(reply, { sessionHash: tokenHash });
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
