import type { FastifyInstance } from "fastify";

export default async function eventsRoutes(app: FastifyInstance) {
  app.get("/api/events", async (_request, reply) => {
    app.realtime.open(reply, { admin: false });
  });
}
