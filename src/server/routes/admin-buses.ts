import { busBodySchema, busParamsSchema } from "../../shared/seats";
import type { RoutePlugin } from "../plugins/zod-validation";
import { createBus, deleteBus, seatOverview, updateBus } from "../seats/bus-repository";

/** Admin routes under /api/buses: the "Ônibus e vagas" card. */
const adminBusRoutes: RoutePlugin = async (app) => {
  app.get("/api/buses", { config: { equipe: true } }, async () => seatOverview(app.db));

  app.post("/api/buses", { schema: { body: busBodySchema } }, async (request, reply) =>
    reply.status(201).send(await createBus(request.actorDb, request.body)),
  );

  app.patch("/api/buses/:id", { schema: { params: busParamsSchema, body: busBodySchema } }, async (request) =>
    updateBus(request.actorDb, request.params.id, request.body),
  );

  app.delete("/api/buses/:id", { schema: { params: busParamsSchema } }, async (request, reply) => {
    await deleteBus(request.actorDb, request.params.id);
    return reply.status(204).send();
  });
};

export default adminBusRoutes;
