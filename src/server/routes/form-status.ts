import type { PublicFormStatus } from "../../shared/api-types";
import type { RoutePlugin } from "../plugins/zod-validation";
import { readFormStatus } from "../registrations/form-status-repository";
import { readSeatSummary } from "../seats/bus-repository";

const formStatusRoutes: RoutePlugin = async (app) => {
  app.get("/api/form-status", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    const missing = app.eventSettings.missingPaymentDetails();
    const answer: PublicFormStatus = {
      ...(await readFormStatus(app.db)),
      vagas: await readSeatSummary(app.db),
      ...(missing.length > 0 ? { falta_configurar: missing } : {}),
    };
    return answer;
  });
};

export default formStatusRoutes;
