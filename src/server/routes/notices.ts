import { NOTICE_MESSAGES, noticeSubscriptionSchema, stopNoticesSchema } from "../../shared/notices";
import { createHmac } from "node:crypto";
import { serverKey } from "../auth/server-keys";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";
import { endpointAllowed } from "../notices/push-endpoints";
import { isKnownSubscription, subscribe, unsubscribe } from "../notices/subscriptions-repository";
import { validKeys } from "../notices/web-push-payload";
import type { Config } from "../config";
import type { RoutePlugin } from "../plugins/zod-validation";

/** New subscriptions one address may add in an hour; a phone confirming its own counts apart, with more room. */
export const NEW_SUBSCRIPTIONS_PER_ADDRESS_PER_HOUR = 20;
export const CONFIRMATIONS_PER_ADDRESS_PER_HOUR = 120;
/** app_settings' key of the secret the per-address count hashes addresses with (no address is kept). */
const ORIGIN_KEY = "chave_avisos_origem";

/** One spelling per endpoint ("FCM.googleapis.com" and "fcm.googleapis.com" are one phone). */
const normalised = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).href : endpoint);

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
  const confirmsPerAddress = app.rateLimitBy({
    scope: "avisos-confirmacoes",
    limit: CONFIRMATIONS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
    message: NOTICE_MESSAGES.tooManyFromHere,
  });

  app.get("/api/avisos/chave", async () => ({ chave: await app.notices.publicKey() }));

  app.post("/api/avisos", { schema: { body: noticeSubscriptionSchema } }, async (request, reply) => {
    const { keys, inscricoes } = request.body;
    const endpoint = normalised(request.body.endpoint);
    if (!endpointAllowed(endpoint, config.PUSH_ENDPOINTS_EXTRA))
      throw new HttpError(422, NOTICE_MESSAGES.endpointNotAllowed);
    if (!validKeys(keys)) throw new HttpError(400, NOTICE_MESSAGES.badSubscription);
    const origin = clientKey(request.ip);
    // A new phone counts against its address's hour; one confirming what it holds, against a larger one.
    await ((await isKnownSubscription(app.db, endpoint, keys)) ? confirmsPerAddress : perAddress)(origin, reply);
    const originHash = createHmac("sha256", await serverKey(app.db, ORIGIN_KEY))
      .update(origin)
      .digest("hex");
    return { inscricoes: await subscribe(app.db, { endpoint, ...keys, originHash }, inscricoes) };
  });

  app.post("/api/avisos/parar", { schema: { body: stopNoticesSchema } }, async (request, reply) => {
    await unsubscribe(app.db, normalised(request.body.endpoint), request.body.auth);
    return reply.status(204).send();
  });
};

export default noticeRoutes;
