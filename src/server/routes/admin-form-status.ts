import { formStatusBodySchema } from "../../shared/admin-api";
import type { RoutePlugin } from "../plugins/zod-validation";
import { writeFormStatus } from "../registrations/form-status-repository";

/** PUT /api/form-status: open or close the form. Visitors follow via NOTIFY + SSE. */
const adminFormStatusRoutes: RoutePlugin = async (app) => {
  app.put("/api/form-status", { schema: { body: formStatusBodySchema } }, async (request) =>
    writeFormStatus(request.actorDb, request.body.is_open),
  );
};

export default adminFormStatusRoutes;
