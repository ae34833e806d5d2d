import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LOGIN_MESSAGES, loginBodySchema, type SessionState } from "../../shared/admin-api";
import { LoginThrottle, waitMessage } from "../auth/login-throttle";
import type { Config } from "../config";
import { HttpError } from "../http-error";

/** GET/POST/DELETE /api/session: the admin login. */
export default async function sessionRoutes(app: FastifyInstance, opts: { config: Config }) {
  const devMode = opts.config.NODE_ENV !== "production";
  const throttle = new LoginThrottle();
  const state = (authenticated: boolean): SessionState => ({ authenticated, devMode });

  app.addHook("onRequest", app.sameOriginWrites);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.get("/api/session", async (request, reply) => state((await app.adminSessions.check(request, reply)) !== null));

  app.post<{ Body: { password: string } }>(
    "/api/session",
    { schema: { body: loginBodySchema } },
    async (request: FastifyRequest<{ Body: { password: string } }>, reply: FastifyReply) => {
      const decision = throttle.begin(request.ip);
      if (!decision.allowed) {
        reply.header("Retry-After", String(Math.ceil(decision.retryAfterMs / 1000)));
        throw new HttpError(429, waitMessage(decision.retryAfterMs));
      }
      if (decision.delayMs > 0) await sleep(decision.delayMs);
      if (!(await app.adminPassword.verify(request.body.password))) {
        request.log.warn({ ip: request.ip }, "senha do painel incorreta");
        throw new HttpError(401, LOGIN_MESSAGES.wrongPassword);
      }
      throttle.succeed(request.ip);
      await app.adminSessions.create(request, reply);
      return state(true);
    },
  );

  app.delete("/api/session", async (request, reply) => {
    await app.adminSessions.destroy(request, reply);
    return reply.status(204).send();
  });
}
