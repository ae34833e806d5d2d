import { activityQuerySchema } from "../../shared/activity";
import { idParamsSchema } from "../../shared/admin-api";
import { activityActors, listActivity, registrationHistory } from "../activity/activity-repository";
import type { RoutePlugin } from "../plugins/zod-validation";

/** "Atividade" for Coordenação; a registration's "Histórico" for everyone in the panel. */
const adminActivityRoutes: RoutePlugin = async (app) => {
  app.get("/api/activity", { schema: { querystring: activityQuerySchema } }, async (request) =>
    listActivity(app.db, request.query, app.eventSettings.current().fuso_horario),
  );

  app.get("/api/activity/people", async () => activityActors(app.db));

  app.get(
    "/api/registrations/:id/history",
    { config: { equipe: true }, schema: { params: idParamsSchema } },
    async (request) => registrationHistory(app.db, request.params.id),
  );
};

export default adminActivityRoutes;
