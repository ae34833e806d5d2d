import type { FastifyInstance } from "fastify";
import { formStatusBodySchema } from "../../shared/admin-api";
import { writeFormStatus } from "../registrations/form-status-repository";

/** PUT /api/form-status (admin): open or close the form. Visitors follow via NOTIFY + SSE. */
export default async function adminFormStatusRoutes(app: FastifyInstance) {
  app.addHook("onRequest", app.sameOriginWrites);
  app.addHook("onRequest", app.requireAdmin);

  app.put<{ Body: { is_open: boolean } }>(
    "/api/form-status",
    { schema: { body: formStatusBodySchema } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return writeFormStatus(app.db, request.body.is_open);
    },
  );
}
