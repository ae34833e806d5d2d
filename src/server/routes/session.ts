import { LOGIN_MESSAGES, loginBodySchema, type SessionState } from "../../shared/admin-api";
import { LoginThrottle, waitMessage } from "../auth/login-throttle";
import { clientKey } from "../client-key";
import type { Config } from "../config";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";

/** GET/POST/DELETE /api/session: the admin login. */
const sessionRoutes: RoutePlugin<{ config: Config }> = async (app, opts) => {
  const devMode = opts.config.NODE_ENV !== "production";
  const throttle = new LoginThrottle(app.db);
  const state = (authenticated: boolean): SessionState => ({ authenticated, devMode });

  app.get("/api/session", async (request, reply) => state((await app.adminSessions.check(request, reply)) !== null));

  app.post(
    "/api/session",
    {
      schema: { body: loginBodySchema },
      // Counted before the body is read: a slow or huge body is already an attempt.
      onRequest: async (request, reply) => {
        const decision = await throttle.begin(clientKey(request.ip));
        if (!decision.allowed) {
          reply.header("Retry-After", String(Math.ceil(decision.retryAfterMs / 1000)));
          throw new HttpError(429, waitMessage(decision.retryAfterMs));
        }
      },
    },
    async (request, reply) => {
      if (!(await app.adminPassword.verify(request.body.password))) {
        request.log.warn({ ip: request.ip }, "senha do painel incorreta");
        throw new HttpError(401, LOGIN_MESSAGES.wrongPassword);
      }
      await throttle.succeed(clientKey(request.ip));
      await app.adminSessions.create(request, reply);
      return state(true);
    },
  );

  app.delete("/api/session", async (request, reply) => {
    await app.adminSessions.destroy(request, reply);
    return reply.status(204).send();
  });
};

export default sessionRoutes;
