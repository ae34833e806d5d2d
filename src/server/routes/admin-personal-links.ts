import { idParamsSchema, REGISTRATION_NOT_FOUND } from "../../shared/admin-api";
import { type PersonalLink, personalLink } from "../../shared/my-registration";
import { HttpError } from "../http-error";
import { giveLink, replaceAccess } from "../my-registration/access-repository";
import type { RoutePlugin } from "../plugins/zod-validation";

/**
 * The coordination's side of "Minha inscrição": "Enviar link" gives a new
 * personal link to send to the guardian's WhatsApp (the earlier ones keep
 * working); "Gerar novo link" makes every earlier one stop, for a phone that
 * changed hands. Coordenação only: the page shows the health notes.
 */
const adminPersonalLinkRoutes: RoutePlugin = async (app) => {
  const linkOf = (id: string, token: string): PersonalLink => ({
    link: personalLink(app.eventSettings.publicConfig().publicUrl, id, token),
    token,
  });

  app.post("/api/registrations/:id/link", { schema: { params: idParamsSchema } }, async (request) => {
    const token = await giveLink(app.db, request.params.id);
    if (!token) throw new HttpError(404, REGISTRATION_NOT_FOUND);
    return linkOf(request.params.id, token);
  });

  app.post("/api/registrations/:id/new-link", { schema: { params: idParamsSchema } }, async (request) => {
    const token = await replaceAccess(app.db, request.params.id);
    if (!token) throw new HttpError(404, REGISTRATION_NOT_FOUND);
    return linkOf(request.params.id, token);
  });
};

export default adminPersonalLinkRoutes;
