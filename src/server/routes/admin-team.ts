import {
  memberParamsSchema,
  memberPatchSchema,
  newMemberSchema,
  ownPasswordSchema,
  TEAM_MESSAGES,
} from "../../shared/team";
import { beginAttempts, LoginThrottle } from "../auth/login-throttle";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";
import type { Config } from "../config";
import type { RoutePlugin } from "../plugins/zod-validation";
import {
  addMember,
  changeOwnPassword,
  listMembers,
  resetMemberPassword,
  setMemberActive,
} from "../team/team-repository";

/** /api/team: Coordenação manages the people of the panel. /api/session/password: anyone changes their own. */
const adminTeamRoutes: RoutePlugin<{ config: Config }> = async (app, opts) => {
  const throttle = new LoginThrottle(app.db);
  const hashCost = opts.config.PASSWORD_HASH_COST;
  app.get("/api/team", async () => listMembers(app.db));

  app.post("/api/team", { schema: { body: newMemberSchema } }, async (request, reply) =>
    reply.status(201).send(await addMember(request.actorDb, request.body, hashCost)),
  );

  app.patch("/api/team/:id", { schema: { params: memberParamsSchema, body: memberPatchSchema } }, async (request) => {
    if (!request.body.ativo && request.params.id === request.admin?.id)
      throw new HttpError(409, TEAM_MESSAGES.notYourself);
    return setMemberActive(request.actorDb, request.params.id, request.body.ativo);
  });

  app.post("/api/team/:id/password", { schema: { params: memberParamsSchema } }, async (request) =>
    resetMemberPassword(request.actorDb, request.params.id, hashCost),
  );

  app.put(
    "/api/session/password",
    { config: { equipe: true }, schema: { body: ownPasswordSchema } },
    async (request, reply) => {
      // The current password is guessed no faster than at the login: per person and per address.
      const keys = [`pessoa:${request.admin!.id}`, clientKey(request.ip)];
      await beginAttempts(throttle, keys);
      await changeOwnPassword(request.actorDb, request.admin!, request.body.atual, request.body.nova, hashCost);
      for (const key of keys) await throttle.succeed(key);
      return reply.status(204).send();
    },
  );
};

export default adminTeamRoutes;
