import type { RoutePlugin } from "../plugins/zod-validation";
import { readFormStatus } from "../registrations/form-status-repository";

const formStatusRoutes: RoutePlugin = async (app) => {
  app.get("/api/form-status", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return readFormStatus(app.db);
  });
};

export default formStatusRoutes;
