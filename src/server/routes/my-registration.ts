import type { FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { idParamsSchema } from "../../shared/admin-api";
import { brDay } from "../../shared/dates";
import { ADULT_AGE } from "../../shared/privacy";
import {
  closedEditionMessage,
  lookupSchema,
  MY_REGISTRATION_MESSAGES,
  type MyRegistration,
  messagePreferenceSchema,
  myCorrectionsSchema,
} from "../../shared/my-registration";
import { firstMessage } from "../../shared/registration-schema";
import { bearerSecret, hashToken } from "../auth/token-hash";
import { HttpError } from "../http-error";
import { findByPhoneAndCode, holdsRegistration } from "../my-registration/access-repository";
import { correctRegistration } from "../my-registration/correct-registration";
import { giveUpRegistration } from "../my-registration/give-up-registration";
import { setMessagePreference } from "../my-registration/set-message-preference";
import { closedEditionOf, correctionsOpen, readMyRegistration } from "../my-registration/read-my-registration";
import type { RoutePlugin } from "../plugins/zod-validation";

/** Lookups per hour from one address (a whole parish may share one Wi-Fi), and wrong ones for one phone number. */
export const LOOKUPS_PER_ADDRESS_PER_HOUR = 30;
export const LOOKUPS_PER_PHONE_PER_HOUR = 6;

const authHeaders = z.object({ authorization: z.optional(z.string()) });

/** The secret pages: no cache, no Referer, no search engine (the public scope adds no-store to every answer). */
async function privateHeaders(_request: FastifyRequest, reply: FastifyReply) {
  reply.header("Referrer-Policy", "no-referrer").header("X-Robots-Tag", "noindex, nofollow");
}

/**
 * "Minha inscrição" (shared/my-registration.ts, decision 041): the person
 * who holds a registration's secret reads it, corrects the family's data
 * until "Alterações até", and gives up; another phone finds it with the
 * guardian's number and a code.
 */
const myRegistrationRoutes: RoutePlugin = async (app) => {
  app.addHook("onRequest", privateHeaders);
  const perAddress = app.rateLimit({
    scope: "minha-inscricao-busca",
    limit: LOOKUPS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
    message: MY_REGISTRATION_MESSAGES.tooMany,
  });
  const perPhone = app.rateLimitBy({
    scope: "minha-inscricao-telefone",
    limit: LOOKUPS_PER_PHONE_PER_HOUR,
    windowMs: 60 * 60_000,
    message: MY_REGISTRATION_MESSAGES.tooMany,
  });

  /** The registration the secret opens, read now; a 410 names a closed edition, a 403 anything else. */
  const held = async (id: string, request: FastifyRequest): Promise<MyRegistration> => {
    const token = bearerSecret(request.headers.authorization);
    if (token && (await holdsRegistration(app.db, id, token))) {
      const view = await readMyRegistration(app.db, id, app.eventSettings.current());
      if (view) return view;
    }
    const edition = await closedEditionOf(app.db, id);
    if (edition) throw new HttpError(410, closedEditionMessage(edition), { edicao_encerrada: edition });
    throw new HttpError(403, MY_REGISTRATION_MESSAGES.badAccess);
  };

  app.post("/api/minha-inscricao/busca", { onRequest: perAddress }, async (request, reply) => {
    const body = lookupSchema.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstMessage(body.error));
    const found = await findByPhoneAndCode(app.db, body.data.telefone, body.data.codigo);
    if (found.length > 0) return { inscricoes: found };
    // Only wrong pairs count against a number: a stranger's guesses never lock the family out of its own
    // lookup; every try counts against the address. Counted by a hash: the limits' table holds no phone number.
    await perPhone(hashToken(`telefone:${body.data.telefone}`), reply);
    throw new HttpError(404, MY_REGISTRATION_MESSAGES.notFound);
  });

  app.get("/api/minha-inscricao/:id", { schema: { params: idParamsSchema, headers: authHeaders } }, async (request) =>
    held(request.params.id, request),
  );

  app.put(
    "/api/minha-inscricao/:id/dados",
    { schema: { params: idParamsSchema, headers: authHeaders } },
    async (request) => {
      const current = await held(request.params.id, request);
      const settings = app.eventSettings.current();
      const window = correctionsOpen(settings);
      if (!window.open && window.until)
        throw new HttpError(409, MY_REGISTRATION_MESSAGES.closedUntil(brDay(window.until)));
      if (current.situacao === "desistente") throw new HttpError(409, MY_REGISTRATION_MESSAGES.alreadyGaveUp);
      const body = myCorrectionsSchema.safeParse(request.body ?? {});
      if (!body.success) throw new HttpError(400, firstMessage(body.error));
      const c = {
        responsavel_nome: body.data.responsavel_nome ?? null,
        parentesco: body.data.parentesco ?? null,
        saude: body.data.saude ?? null,
      };
      if (current.idade < ADULT_AGE && (!c.responsavel_nome || !c.parentesco)) {
        throw new HttpError(400, MY_REGISTRATION_MESSAGES.guardianForMinor);
      }
      if ((await correctRegistration(app.db, current.id, c)) === "notFound") {
        throw new HttpError(403, MY_REGISTRATION_MESSAGES.badAccess);
      }
      return readMyRegistration(app.db, current.id, settings);
    },
  );

  app.put(
    "/api/minha-inscricao/:id/mensagens",
    { schema: { params: idParamsSchema, headers: authHeaders } },
    async (request) => {
      // The secret first: a stranger learns nothing from the body's errors.
      const current = await held(request.params.id, request);
      const body = messagePreferenceSchema.safeParse(request.body ?? {});
      if (!body.success) throw new HttpError(400, firstMessage(body.error));
      await setMessagePreference(app.db, current.id, body.data.receber);
      return readMyRegistration(app.db, current.id, app.eventSettings.current());
    },
  );

  app.post(
    "/api/minha-inscricao/:id/desistir",
    { schema: { params: idParamsSchema, headers: authHeaders } },
    async (request) => {
      const current = await held(request.params.id, request);
      const refusal = await giveUpRegistration(app.db, current.id);
      if (refusal === "notFound") throw new HttpError(403, MY_REGISTRATION_MESSAGES.badAccess);
      if (refusal) throw new HttpError(409, MY_REGISTRATION_MESSAGES[refusal]);
      return readMyRegistration(app.db, current.id, app.eventSettings.current());
    },
  );
};

export default myRegistrationRoutes;
