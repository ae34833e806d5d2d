import { idParamsSchema } from "../../shared/admin-api";
import { DEADLINE_MESSAGES, extendDeadlineSchema, extendManySchema } from "../../shared/deadlines";
import { extendDeadline } from "../deadlines/extend-deadline";
import { giveSeatBack } from "../deadlines/give-seat-back";
import { releaseExpired } from "../deadlines/release-expired";
import { ConflictError } from "../domain-errors";
import type { RoutePlugin } from "../plugins/zod-validation";
import { readRegistration } from "../registrations/update-registration";

/**
 * The coordination's hand on the payment deadlines (shared/deadlines.ts,
 * decision 049): "Prorrogar prazo", for one or a selection; "Liberar vaga",
 * for a seat past its deadline when automatic release is off; "Devolver vaga"
 * for a Vencida. Coordenação only.
 */
const adminDeadlineRoutes: RoutePlugin = async (app) => {
  app.put(
    "/api/registrations/:id/prazo",
    { schema: { params: idParamsSchema, body: extendDeadlineSchema } },
    async (request) => {
      await extendDeadline(request.actorDb, [request.params.id], request.body);
      return readRegistration(app.db, request.params.id);
    },
  );

  app.post("/api/registrations/prazo", { schema: { body: extendManySchema } }, async (request) => ({
    prorrogadas: await extendDeadline(request.actorDb, request.body.ids, request.body),
  }));

  app.post("/api/registrations/:id/liberar-vaga", { schema: { params: idParamsSchema } }, async (request) => {
    const current = await readRegistration(app.db, request.params.id);
    const released = await releaseExpired(request.actorDb, { ids: [request.params.id], byHand: true });
    if (released.length === 0) throw new ConflictError(DEADLINE_MESSAGES.notDue(current.nome_completo));
    return readRegistration(app.db, request.params.id);
  });

  app.post("/api/registrations/:id/devolver-vaga", { schema: { params: idParamsSchema } }, async (request) => {
    await giveSeatBack(request.actorDb, request.params.id);
    return readRegistration(app.db, request.params.id);
  });
};

export default adminDeadlineRoutes;
