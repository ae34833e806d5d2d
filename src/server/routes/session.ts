import { LOGIN_MESSAGES, loginBodySchema, type SessionState } from "../../shared/admin-api";
import type { SessionUser } from "../../shared/team";
import { beginAttempts, LoginThrottle } from "../auth/login-throttle";
import { decoyHash, verifyPassword } from "../auth/password-hash";
import type { AdminActor } from "../auth/session-repository";
import { clientKey } from "../client-key";
import type { Config } from "../config";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";
import { loginMembers } from "../team/team-repository";
import { resolveLogin } from "../../shared/team";
import { logSessionEvent } from "../activity/activity-repository";

const sessionUser = (u: AdminActor): SessionUser => ({
  id: u.id,
  nome: u.nome,
  login: u.login,
  papel: u.papel,
  principal: u.principal,
});

/** GET/POST/DELETE /api/session: the panel's login, for the Coordenação account and the people it added. */
const sessionRoutes: RoutePlugin<{ config: Config }> = async (app, opts) => {
  const devMode = opts.config.NODE_ENV !== "production";
  const throttle = new LoginThrottle(app.db);
  const state = (user: AdminActor | null): SessionState => ({
    authenticated: user !== null,
    devMode,
    user: user ? sessionUser(user) : null,
  });

  app.get("/api/session", async (request, reply) =>
    state((await app.adminSessions.check(request, reply))?.user ?? null),
  );

  app.post(
    "/api/session",
    {
      schema: { body: loginBodySchema },
      // Counted before the body is read: a slow or huge body is already an attempt.
      onRequest: (request) => beginAttempts(throttle, [clientKey(request.ip)]),
    },
    async (request, reply) => {
      const { login, password } = request.body;
      const found = resolveLogin(login, await loginMembers(app.db));
      const candidate = found.kind === "found" ? found.member : null;
      // One password check, whoever was typed: a name that exists takes as long as one that does not.
      const ok = candidate?.principal
        ? await app.adminPassword.verify(password)
        : await verifyPassword(password, candidate?.senha_hash ?? (await decoyHash(opts.config.PASSWORD_HASH_COST)));
      const user = ok ? candidate : null;
      if (!user) {
        request.log.warn({ ip: request.ip }, "senha do painel incorreta");
        // What was typed is never logged: it may be a password typed in the wrong field.
        await logSessionEvent(app.db, {
          tipo: "sessao.falhou",
          atorId: candidate?.id ?? null,
          atorNome: candidate?.nome ?? "desconhecido",
          resumo: candidate ? `Senha incorreta para ${candidate.nome}` : "Senha incorreta para um login desconhecido",
        });
        if (found.kind === "several") throw new HttpError(401, LOGIN_MESSAGES.severalPeople);
        // With a login typed, either may be wrong; the Coordenação account alone takes the spec's words.
        throw new HttpError(401, login?.trim() ? LOGIN_MESSAGES.wrongLoginOrPassword : LOGIN_MESSAGES.wrongPassword);
      }
      await throttle.succeed(clientKey(request.ip));
      await app.adminSessions.create(request, reply, user.id);
      return state(user);
    },
  );

  app.delete("/api/session", async (request, reply) => {
    await app.adminSessions.destroy(request, reply);
    return reply.status(204).send();
  });
};

export default sessionRoutes;
