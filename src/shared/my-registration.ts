import * as z from "zod/mini";
import type { Kinship } from "./minors";
import { guardianNameSchema, healthSchema, kinshipSchema, phoneSchema } from "./registration-schema";
import type { SeatState } from "./seats";
import { sha256Hex } from "./sha256";
import { plural } from "./plural";

/**
 * "Minha inscrição" (docs/decisions/041): a participant's own page, opened by
 * a secret the phone holds (the upload token of the phone that registered, or
 * one handed out by a lookup or a link), sent as `Authorization: Bearer …`.
 *
 * POST /api/minha-inscricao/busca        {telefone, codigo}  -> FoundRegistrations
 * GET  /api/minha-inscricao/:id                              -> MyRegistration
 * PUT  /api/minha-inscricao/:id/dados    MyCorrections       -> MyRegistration
 * POST /api/minha-inscricao/:id/desistir                     -> MyRegistration
 * GET  /api/minha-inscricao/:id/link                          -> {token} (a link for this phone's own secret: none)
 * POST /api/admin/registrations/:id/link     (Coordenação)   -> PersonalLink (a new link; the old ones keep working)
 * POST /api/admin/registrations/:id/new-link (Coordenação)   -> PersonalLink (every earlier secret stops working)
 */

export const MY_REGISTRATION_MESSAGES = {
  notFound:
    "Não encontramos inscrição com este número e este código. Confira os dois (o código começa com JDJ) e tente de novo.",
  badAccess:
    "Este link não funciona mais: a coordenação pode ter enviado um novo. Procure a inscrição abaixo com o celular do responsável e o código.",
  tooMany: (waitSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
    return `Muitas tentativas seguidas. Tente de novo daqui a ${plural(minutes, "minuto", "minutos")}.`;
  },
  closedUntil: (day: string) =>
    `O prazo para alterar os dados terminou em ${day}. Para mudar algo, fale com a coordenação.`,
  alreadyGaveUp: "A desistência desta inscrição já foi registrada.",
  boarded: "Esta pessoa já embarcou: a desistência não pode mais ser feita por aqui. Fale com a coordenação.",
  code: "Confira o código: começa com JDJ, por exemplo JDJ7K3Q.",
  guardianForMinor: "Para menores de 18 anos, informe o nome do responsável e o parentesco.",
} as const;

/** The page's personal link: the secret after `#`, so it never reaches a server's log or a Referer. */
export const MY_REGISTRATION_PATH = "/minha-inscricao";
export const personalLink = (origin: string, id: string, token: string) =>
  `${origin}${MY_REGISTRATION_PATH}#${id}.${token}`;

/** Reads "#<id>.<token>" back; null for anything else. */
export function readPersonalFragment(hash: string): { id: string; token: string } | null {
  const m = /^#([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/i.exec(hash);
  return m ? { id: m[1].toLowerCase(), token: m[2] } : null;
}

/** "jdj 7k3q", "JDJ-7K3Q" → "JDJ7K3Q"; the check is the server's (the registrations' own constraint). */
export const normaliseCode = (v: string) => v.toUpperCase().replace(/[^0-9A-Z]/g, "");

export const lookupSchema = z.strictObject({
  telefone: phoneSchema,
  codigo: z.pipe(
    z.string({ error: MY_REGISTRATION_MESSAGES.code }).check(z.maxLength(20, MY_REGISTRATION_MESSAGES.code)),
    z.pipe(z.transform(normaliseCode), z.string().check(z.regex(/^JDJ[0-9A-Z]{4}$/, MY_REGISTRATION_MESSAGES.code))),
  ),
});
export type LookupInput = z.input<typeof lookupSchema>;

/** What a family corrects by itself: the guardian, the relationship and the health notes. */
/** "Não quero receber mensagens" (false) and "Voltar a receber mensagens" (true). */
export const messagePreferenceSchema = z.strictObject({
  receber: z.boolean({ error: "Diga se quer receber mensagens." }),
});

export const myCorrectionsSchema = z.strictObject({
  responsavel_nome: z.nullable(guardianNameSchema),
  parentesco: z.nullable(kinshipSchema),
  saude: z.nullable(healthSchema),
});
export type MyCorrections = z.input<typeof myCorrectionsSchema>;

/** One registration found by a lookup, with a secret for this phone. */
export interface FoundRegistration {
  id: string;
  token: string;
  nome_completo: string;
  referencia: string;
}
export interface FoundRegistrations {
  inscricoes: FoundRegistration[];
}

export interface MyPayment {
  /** "pendente": owes `devido_centavos`; "pago": `pago_em` and how; "isento": exempted. */
  estado: "pendente" | "pago" | "isento";
  devido_centavos: number;
  /** The price before a discount, when a discount was given. */
  preco_centavos: number;
  desconto_centavos: number;
  pago_em: string | null;
  /** "PIX (extrato)", "PIX", "em dinheiro". */
  como: string | null;
  metodo: "PIX" | "ESPECIE";
  comprovante_recebido: boolean;
  nome_pagador: string | null;
}

/** GET /api/minha-inscricao/:id: everything the person's page shows. */
export interface MyRegistration {
  id: string;
  nome_completo: string;
  /** The guardian's phone: "Inscrever outra pessoa" starts the next sibling's form with it. */
  numero_responsavel: string;
  referencia: string;
  idade: number;
  evento: string;
  situacao: SeatState;
  onibus_nome: string | null;
  posicao_espera: number | null;
  pagamento: MyPayment;
  /** "Pagar até 16/08 às 20:00" while seated and owing; for a Vencida, the deadline that passed (decision 049). */
  prazo_pagamento: string | null;
  /** Under 16 with the setting on: "entregue" or "falta_entregar"; null when it does not apply. */
  autorizacao: "entregue" | "falta_entregar" | null;
  responsavel_nome: string | null;
  parentesco: Kinship | null;
  saude: string | null;
  /** The last day (AAAA-MM-DD) of the family's corrections; null: until the edition closes. */
  alteracoes_ate: string | null;
  pode_alterar: boolean;
  embarcou: boolean;
  /** False after "Não quero receber mensagens": left out of every message list. */
  recebe_mensagens: boolean;
  /** The event's day in the event's zone, when the settings name one: the boarding pass shows on it. */
  dia_do_evento: string | null;
}

/** The answer for a registration of an edition that was closed. */
export interface ClosedEditionAnswer {
  error: string;
  edicao_encerrada: string;
}
/** What "Minha inscrição" tells a family whose seat went on: plainly, with the deadline that passed (issue 51's words). */
export const releasedMessage = (deadline: string) =>
  `Sua vaga foi liberada porque o pagamento não chegou até ${deadline}. Fale com a coordenação.`;

export const closedEditionMessage = (edition: string) => `Esta inscrição era da ${edition}, que já foi encerrada.`;

/**
 * Proof, for the live stream, that a phone holds a registration's secret: made
 * from the secret's SHA-256, which is all the server keeps, so it can check it.
 * The secret itself never goes into an address.
 */
export const watchProof = (secret: string, id: string) => sha256Hex(`${sha256Hex(secret)}:${id}`).slice(0, 32);

/** The live stream's `?inscricoes=`: each registration a page follows, with its proof (at most 20). */
export const watchParam = (held: { id: string; token: string }[]) =>
  held
    .slice(0, MAX_WATCHED)
    .map((h) => `${h.id}.${watchProof(h.token, h.id)}`)
    .join(",");
export const MAX_WATCHED = 20;

export interface PersonalLink {
  /** The whole link, from the site's configured address (PUBLIC_URL). */
  link: string;
  token: string;
}

const MONTHS = [
  "janeiro",
  "fevereiro",
  "marco",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

/**
 * The event's day (AAAA-MM-DD) from the settings' "data", as people write it:
 * "16 de Agosto", "16 de agosto de 2025", "16/08/2025" or "16/08". Without a
 * year, its next date from `today` on. Null when the text names no day.
 */
export function eventDay(data: string, today: string): string | null {
  const plain = data
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
  const year = Number(today.slice(0, 4));
  let d: number;
  let m: number;
  let y: number | null = null;
  const named = /(\d{1,2})\s*(?:º\s*)?de\s+([a-z]+)(?:\s+de\s+(\d{4}))?/.exec(plain);
  const numeric = /(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?/.exec(plain);
  if (named && MONTHS.includes(named[2])) {
    d = Number(named[1]);
    m = MONTHS.indexOf(named[2]) + 1;
    if (named[3]) y = Number(named[3]);
  } else if (numeric) {
    d = Number(numeric[1]);
    m = Number(numeric[2]);
    if (numeric[3]) y = Number(numeric[3]);
  } else return null;
  const on = (year: number) => {
    const date = new Date(Date.UTC(year, m - 1, d));
    return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date.toISOString().slice(0, 10) : null;
  };
  if (y !== null) return on(y);
  const thisYear = on(year);
  return thisYear && thisYear >= today ? thisYear : on(year + 1);
}

/** The day before an AAAA-MM-DD day. */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The last day of the family's corrections: the setting, or the event's eve; null when neither is known. */
export function changesUntil(settings: { alteracoes_ate: string; data: string }, today: string): string | null {
  if (settings.alteracoes_ate) return settings.alteracoes_ate;
  const day = eventDay(settings.data, today);
  return day ? dayBefore(day) : null;
}
