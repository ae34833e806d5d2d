import type { PublicFormStatus } from "../../shared/api-types";
import type { RoutePlugin } from "../plugins/zod-validation";
import { readFormStatus } from "../registrations/form-status-repository";
import { readSeatSummary } from "../seats/bus-repository";

const formStatusRoutes: RoutePlugin = async (app) => {
  app.get("/api/form-status", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    const answer: PublicFormStatus = { ...(await readFormStatus(app.db)), vagas: await readSeatSummary(app.db) };
    return answer;
  });
};

export default formStatusRoutes;
