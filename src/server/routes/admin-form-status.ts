import { FORM_MESSAGES, formStatusBodySchema } from "../../shared/admin-api";
import { HttpError } from "../http-error";
import type { RoutePlugin } from "../plugins/zod-validation";
import { writeFormStatus } from "../registrations/form-status-repository";

/** PUT /api/form-status: open or close the form. Visitors follow via NOTIFY + SSE. */
const adminFormStatusRoutes: RoutePlugin = async (app) => {
  app.put("/api/form-status", { schema: { body: formStatusBodySchema } }, async (request) => {
    const missing = app.eventSettings.missingPaymentDetails();
    // The samples would send a family's PIX to no one: opening waits for the coordination's own.
    if (request.body.is_open && missing.length > 0)
      throw new HttpError(409, FORM_MESSAGES.paymentDetailsFirst(missing));
    return writeFormStatus(request.actorDb, request.body.is_open);
  });
};

export default adminFormStatusRoutes;
