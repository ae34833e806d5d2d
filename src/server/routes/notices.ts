import { NOTICE_MESSAGES, noticeSubscriptionSchema, stopNoticesSchema } from "../../shared/notices";
import { hashToken } from "../auth/token-hash";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";
import { holdsRegistration } from "../my-registration/access-repository";
import { endpointAllowed } from "../notices/push-endpoints";
import { isKnownSubscription, subscribe, unsubscribe } from "../notices/subscriptions-repository";
import { validKeys } from "../notices/web-push-payload";
import type { Config } from "../config";
import type { RoutePlugin } from "../plugins/zod-validation";

/** New subscriptions one address may add in an hour; a phone that only confirms its own is not counted. */
export const NEW_SUBSCRIPTIONS_PER_ADDRESS_PER_HOUR = 20;

/**
 * "Avisos neste celular" (shared/notices.ts, decision 050): a phone subscribes
 * for the registrations whose secrets it holds, and stops.
 */
const noticeRoutes: RoutePlugin<{ config: Config }> = async (app, { config }) => {
  const perAddress = app.rateLimitBy({
    scope: "avisos-novos",
    limit: NEW_SUBSCRIPTIONS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
    message: NOTICE_MESSAGES.tooManyFromHere,
  });

  app.get("/api/avisos/chave", async () => ({ chave: await app.notices.publicKey() }));

  app.post("/api/avisos", { schema: { body: noticeSubscriptionSchema } }, async (request, reply) => {
    const { endpoint, keys, inscricoes } = request.body;
    if (!endpointAllowed(endpoint, config.PUSH_ENDPOINTS_EXTRA))
      throw new HttpError(422, NOTICE_MESSAGES.endpointNotAllowed);
    if (!validKeys(keys)) throw new HttpError(400, NOTICE_MESSAGES.badSubscription);
    const proven: string[] = [];
    for (const { id, token } of inscricoes)
      if (!proven.includes(id) && (await holdsRegistration(app.db, id, token))) proven.push(id);
    if (proven.length === 0) throw new HttpError(403, NOTICE_MESSAGES.noProof);
    const origin = clientKey(request.ip);
    if (!(await isKnownSubscription(app.db, endpoint, keys))) await perAddress(origin, reply);
    await subscribe(app.db, { endpoint, ...keys, originHash: hashToken(`avisos:${origin}`) }, proven);
    return { inscricoes: proven };
  });

  app.post("/api/avisos/parar", { schema: { body: stopNoticesSchema } }, async (request, reply) => {
    await unsubscribe(app.db, request.body.endpoint, request.body.auth);
    return reply.status(204).send();
  });
};

export default noticeRoutes;
