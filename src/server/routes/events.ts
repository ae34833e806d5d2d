import type { RoutePlugin } from "../plugins/zod-validation";

// An admin stream re-checks its session this often and ends once it is gone
// (logout, expiry); the browser reconnects and gets a visitor stream.
export const ADMIN_STREAM_RECHECK_MS = 60_000;

const eventsRoutes: RoutePlugin = async (app) => {
  app.get("/api/events", async (request, reply) => {
    // HEAD gets the headers and an end: Node drops a HEAD body, so an opened stream would send nothing, ever.
    if (request.method === "HEAD")
      return reply.type("text/event-stream; charset=utf-8").header("Cache-Control", "no-cache").send();
    // No renewal here: the reply is hijacked, so a fresh cookie could not be sent.
    const tokenHash = await app.adminSessions.check(request);
    app.realtime.open(reply, { admin: tokenHash !== null });
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
