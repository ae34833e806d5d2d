import type { Config } from "../config";
import { HttpError } from "../http-error";
import * as z from "zod/mini";
import { registrationInputSchema } from "../../shared/registration-schema";
import type { RoutePlugin } from "../plugins/zod-validation";
import { registrationWriter } from "../registrations/registration-writer";
import { UUID_PATTERN } from "../../shared/constants";

const headersSchema = z.object({
  "idempotency-key": z.optional(z.string().check(z.regex(UUID_PATTERN, "Chave de envio inválida."))),
});

/** Public: a visitor's registration. Admin routes under the same prefix live in admin-registrations.ts. */
export const HONEYPOT_MESSAGE = "Não foi possível enviar a inscrição. Recarregue a página e tente de novo.";

export const RATE_LIMIT_MESSAGE =
  "Muitas inscrições enviadas desta rede em pouco tempo. Aguarde um minuto e tente de novo.";

const registrationRoutes: RoutePlugin<{ config: Config }> = async (app, opts) => {
  // Two batches in flight: on PostgreSQL the next one runs on a second
  // connection while the last one commits; PGlite takes them in turn.
  const writer = registrationWriter(app.db, { concurrency: 2, eventTitle: () => app.eventSettings.current().titulo });
  // Generous enough for a whole group on one church Wi-Fi (one IP), tight enough to stop a script.
  const limit = app.rateLimit({
    scope: "registrations",
    limit: opts.config.REGISTRATION_RATE_LIMIT,
    windowMs: 60_000,
    message: RATE_LIMIT_MESSAGE,
  });

  app.post(
    "/api/registrations",
    { onRequest: limit, schema: { body: registrationInputSchema, headers: headersSchema } },
    async (request, reply) => {
      if (request.body.website) {
        request.log.warn("campo isca preenchido: inscrição recusada");
        throw new HttpError(400, HONEYPOT_MESSAGE);
      }
      const key = request.headers["idempotency-key"] ?? null;
      const { registration, replayed } = await writer.create(request.body, key);
      // A replay answers like the first success, so the client cannot tell a retry apart.
      reply.header("Idempotent-Replayed", String(replayed));
      return reply.status(201).send(registration);
    },
  );
};

export default registrationRoutes;
