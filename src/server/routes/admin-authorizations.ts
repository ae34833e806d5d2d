import * as z from "zod/mini";
import { idParamsSchema } from "../../shared/admin-api";
import { markAuthorization, authorizationDocuments } from "../minors/travel-authorization";
import type { RoutePlugin } from "../plugins/zod-validation";
import { readHealthNotes } from "../minors/health-notes";
import { UUID_PATTERN } from "../../shared/constants";

const markSchema = z.strictObject({ recebida: z.boolean({ error: "Diga se a autorização foi recebida." }) });
const printQuerySchema = z.object({
  onibus: z.optional(z.string().check(z.regex(UUID_PATTERN, "Ônibus não encontrado."))),
  faltando: z.optional(z.enum(["1"], { error: "Filtro inválido." })),
});

/** /api/authorizations: travel authorisations of minors, and the health notes (decision 037). */
const adminAuthorizationRoutes: RoutePlugin = async (app) => {
  // At the bus door a helper may be handed the signed paper too.
  app.put(
    "/api/registrations/:id/authorization",
    { config: { equipe: true }, schema: { params: idParamsSchema, body: markSchema } },
    async (request) => markAuthorization(request.actorDb, request.admin!, request.params.id, request.body.recebida),
  );

  // Coordenação only (no `equipe`): the leader's sheet shows them, the details did not.
  app.get("/api/registrations/:id/health", { schema: { params: idParamsSchema } }, async (request) =>
    readHealthNotes(app.db, request.params.id),
  );

  app.get("/api/authorizations", { schema: { querystring: printQuerySchema } }, async (request) =>
    authorizationDocuments(
      app.db,
      { onibus: request.query.onibus, faltando: request.query.faltando === "1" },
      app.eventSettings.current(),
    ),
  );
};

export default adminAuthorizationRoutes;
