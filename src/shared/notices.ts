import * as z from "zod/mini";
import { SECRET_PATTERN, UUID_PATTERN } from "./constants";
import { plural } from "./plural";

/**
 * "Avisos neste celular" (docs/decisions/050): a phone subscribes to Web Push
 * for the registrations it holds, proving each with its secret.
 *
 * GET  /api/avisos/chave                                  -> {chave} (the server's VAPID public key)
 * POST /api/avisos        NoticeSubscription              -> {inscricoes} (the ids it now hears about)
 * POST /api/avisos/parar  {endpoint, auth}                -> 204 ("Parar avisos")
 * POST /api/mensagens/listas/:id/avisos       (panel)     -> {pessoas, linhas} (a list sent as notices)
 */

export const NOTICE_MESSAGES = {
  badSubscription: "Não deu para ativar os avisos neste navegador. Recarregue a página e tente de novo.",
  endpointNotAllowed:
    "Este navegador usa um serviço de avisos que o site não conhece. Use o Chrome no Android ou o Safari no iPhone.",
  noProof:
    "Não conseguimos confirmar as inscrições deste celular. Abra a inscrição pelo link mais recente e tente de novo.",
  tooManyFromHere: "Muitos celulares ligaram os avisos a partir desta rede. Tente de novo mais tarde.",
} as const;

/** Phones that hear about one registration (a family's, not a crowd's); a new one replaces the one quiet longest. */
export const PHONES_PER_REGISTRATION = 5;
/** Registrations one phone may hear about: siblings, as the form allows on one number. */
export const REGISTRATIONS_PER_PHONE = 20;

const base64url = (length: number) => z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`)));

export const noticeSubscriptionSchema = z.strictObject({
  endpoint: z.string().check(z.minLength(10), z.maxLength(1024), z.startsWith("http")),
  keys: z.object({ p256dh: base64url(87), auth: base64url(22) }),
  inscricoes: z
    .array(
      z.strictObject({
        id: z.string().check(z.regex(UUID_PATTERN)),
        token: z.string().check(z.regex(SECRET_PATTERN)),
      }),
    )
    .check(z.minLength(1), z.maxLength(REGISTRATIONS_PER_PHONE)),
});
export type NoticeSubscription = z.output<typeof noticeSubscriptionSchema>;

export const stopNoticesSchema = z.strictObject({
  endpoint: z.string().check(z.minLength(10), z.maxLength(1024)),
  auth: base64url(22),
});

/** What a notice carries to the phone's service worker: words and where a tap goes, nothing else. */
export interface NoticePayload {
  titulo: string;
  corpo: string;
  /** Replaces an earlier notice of the same kind about the same person on the phone. */
  tag: string;
  url: string;
}

/** "12 recebem aviso no celular, 15 por WhatsApp": how a message list reaches its people. */
export const reachText = (byNotice: number, byWhatsapp: number) =>
  `${plural(byNotice, "recebe", "recebem")} aviso no celular, ${byWhatsapp} por WhatsApp`;
