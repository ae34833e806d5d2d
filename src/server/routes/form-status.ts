import type { FastifyInstance } from "fastify";
import { readFormStatus } from "../registrations/form-status-repository";

export default async function formStatusRoutes(app: FastifyInstance) {
  app.get("/api/form-status", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return readFormStatus(app.db);
  });
}
