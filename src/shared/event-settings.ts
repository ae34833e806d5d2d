import * as z from "zod/mini";
import { isValidWhatsappDigits, whatsappDigits } from "./phone";
import { isCalendarDay, isTimeZone } from "./dates";
import { checkPixKey } from "./pix/pix-key";
import { sanitizeCity, sanitizeName } from "./pix/sanitize";
import { parsePrice } from "./price";
import { hasHiddenCharacters } from "./visible-text";

/**
 * The event facts the coordination edits in "Configurações" (docs/decisions/028),
 * one schema for the panel's form and the server. The environment variables
 * are their first-start defaults; a value saved in the panel wins from then on.
 *
 * GET    /api/config              -> PublicEventConfig (public: what the pages show)
 * GET    /api/settings            -> SettingsView                       (Coordenação)
 * PUT    /api/settings  EventSettingsInput -> SettingsView              (Coordenação)
 * DELETE /api/settings/:chave     -> SettingsView ("Restaurar padrão")  (Coordenação)
 */

export const SETTINGS_KEYS = [
  "titulo",
  "data",
  "horario",
  "local",
  "cidade",
  "preco_centavos",
  "pix_chave",
  "pix_recebedor",
  "pix_cidade",
  "whatsapp",
  "mensagens",
  "aviso_membros",
  "fuso_horario",
  "inscricoes_por_numero",
  "autorizacao_exigida",
  "viagem_destino",
  "viagem_datas",
  "alteracoes_ate",
  "grupo_nome",
  "edicao_numero",
  "tema",
  "ano",
  "prazo_dias",
  "prazo_horas_espera",
  "prazo_tolerancia_dias",
  "prazo_ultimo_dia",
  "prazo_liberar_automaticamente",
] as const;
export type SettingKey = (typeof SETTINGS_KEYS)[number];

export const SETTING_LABELS: Record<SettingKey, string> = {
  titulo: "Título do evento",
  data: "Data",
  horario: "Horário",
  local: "Local",
  cidade: "Cidade",
  preco_centavos: "Valor da inscrição",
  pix_chave: "Chave PIX",
  pix_recebedor: "Nome do recebedor (PIX)",
  pix_cidade: "Cidade do recebedor (PIX)",
  whatsapp: "WhatsApp para comprovantes",
  mensagens: "Mensagens de agradecimento",
  aviso_membros: "Aviso de exclusividade",
  fuso_horario: "Fuso horário do evento",
  inscricoes_por_numero: "Inscrições por número de responsável",
  autorizacao_exigida: "Exigir autorização de viagem para menores de 16 anos",
  viagem_destino: "Destino da viagem (na autorização)",
  viagem_datas: "Ida e volta (na autorização)",
  alteracoes_ate: "Alterações até",
  grupo_nome: "Nome do grupo",
  edicao_numero: "Número da edição",
  tema: "Tema",
  ano: "Ano",
  prazo_dias: "Prazo para pagar (dias)",
  prazo_horas_espera: "Prazo depois de sair da lista de espera (horas)",
  prazo_tolerancia_dias: "Tolerância do extrato (dias)",
  prazo_ultimo_dia: "Último dia para pagar",
  prazo_liberar_automaticamente: "Liberar vagas vencidas automaticamente",
};

export interface EventSettings {
  titulo: string;
  data: string;
  horario: string;
  local: string;
  cidade: string;
  preco_centavos: number;
  pix_chave: string;
  pix_recebedor: string;
  pix_cidade: string;
  whatsapp: string;
  mensagens: string[];
  aviso_membros: string;
  /** Every time the product shows, and the days of the exports and the log, are in this zone, whatever the device's. */
  fuso_horario: string;
  /** Active registrations the public form takes on one guardian's phone (siblings, not hundreds). */
  inscricoes_por_numero: number;
  /** Under-16s need a signed travel authorisation (decision 037). */
  autorizacao_exigida: boolean;
  /** The trip as the authorisation words it; empty follows the event's place and city, and its date and time. */
  viagem_destino: string;
  viagem_datas: string;
  /**
   * The last day (AAAA-MM-DD, in the event's zone) a family corrects its own data on "Minha inscrição";
   * empty is the eve of the event's day when "data" names one (changesUntil, shared/my-registration.ts).
   */
  alteracoes_ate: string;
  /** The youth group organising the caravan, as the travel authorisation and the footer name it. */
  grupo_nome: string;
  /** The badge's "2ª EDIÇÃO". */
  edicao_numero: number;
  /** The header's subtitle. */
  tema: string;
  /** The footer's "© 2025". */
  ano: number;
  /** Days to pay after getting a seat; null: no deadlines (decision 049). */
  prazo_dias: number | null;
  /** Hours to pay after leaving the waiting list; null: the same days as everyone. */
  prazo_horas_espera: number | null;
  /** Days waited after a deadline before the seat is released: statements arrive late. */
  prazo_tolerancia_dias: number;
  /** AAAA-MM-DD: no deadline falls after this day's end (in the event's zone); empty: none. */
  prazo_ultimo_dia: string;
  /** A seat whose deadline and tolerance passed is released by itself; off, "Vencidas" lists it for a tap. */
  prazo_liberar_automaticamente: boolean;
}

/**
 * The deadlines' first-start values, for a youth group that meets once a week and pays by PIX or in cash
 * (decision 049): a week to pay, so a family that pays at the meeting sees one; two days after leaving the
 * waiting list, when the seat is wanted now; two days of tolerance, since statements arrive a day late.
 */
export const DEFAULT_DEADLINES = {
  prazo_dias: 7,
  prazo_horas_espera: 48,
  prazo_tolerancia_dias: 2,
  prazo_ultimo_dia: "",
  prazo_liberar_automaticamente: true,
} as const satisfies Partial<EventSettings>;

export interface SettingsView {
  values: EventSettings;
  defaults: EventSettings;
  saved: SettingKey[];
}

export const PRICE_MAX_CENTS = 1_000_000;
export const PER_PHONE_MAX = 1000;
export const SETTINGS_MESSAGES = {
  required: "Preencha este campo.",
  hidden: "Tem caracteres invisíveis ou de controle. Digite de novo.",
  price: "Informe um valor entre R$ 0,01 e R$ 10.000,00, como 15,00.",
  whatsapp: "Digite o WhatsApp com DDD, por exemplo (98) 99999-9999.",
  messages: "São exatamente seis mensagens, uma por linha.",
  pixText: "Precisa ter ao menos uma letra ou número.",
  unknown: "Configuração desconhecida.",
  timeZone:
    "Fuso horário não reconhecido. Use o formato Região/Cidade, sem acentos, por exemplo America/Fortaleza ou America/Sao_Paulo.",
  perPhone: `Informe um número entre 1 e ${PER_PHONE_MAX}.`,
  day: "Informe um dia que exista, como 15/08/2025, ou deixe vazio.",
  deadlineDays: "Informe de 1 a 90 dias, ou deixe vazio para não ter prazo.",
  deadlineHours: "Informe de 1 a 720 horas, ou deixe vazio para usar o mesmo prazo em dias.",
  graceDays: "Informe de 0 a 30 dias.",
} as const;

const text = (max: number) =>
  z.string({ error: SETTINGS_MESSAGES.required }).check(
    z.trim(),
    z.normalize("NFC"),
    z.minLength(1, SETTINGS_MESSAGES.required),
    z.maxLength(max, `No máximo ${max} caracteres.`),
    z.refine((s) => s.isWellFormed() && !hasHiddenCharacters(s), SETTINGS_MESSAGES.hidden),
  );

/** A price typed as "15,00" (or already in cents, as the server stores it). */
const price = z.pipe(
  z.transform((v: unknown) => (typeof v === "number" ? v : typeof v === "string" ? (parsePrice(v) ?? -1) : -1)),
  z
    .int({ error: SETTINGS_MESSAGES.price })
    .check(z.gte(1, SETTINGS_MESSAGES.price), z.lte(PRICE_MAX_CENTS, SETTINGS_MESSAGES.price)),
);

/** Optional text: empty means "follow the event's own facts". */
const optionalText = (max: number) =>
  z.string().check(
    z.trim(),
    z.normalize("NFC"),
    z.maxLength(max, `No máximo ${max} caracteres.`),
    z.refine((s) => s.isWellFormed() && !hasHiddenCharacters(s), SETTINGS_MESSAGES.hidden),
  );

/** A whole number typed in a text field ("3", " 2026 "). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v)),
    z.int({ error: message }).check(z.gte(min, message), z.lte(max, message)),
  );

/** A whole number, or empty for none. */
const optionalWholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.transform((v: unknown) =>
      v === null || v === undefined || (typeof v === "string" && v.trim() === "")
        ? null
        : typeof v === "string" && /^\s*\d+\s*$/.test(v)
          ? Number(v)
          : v,
    ),
    z.nullable(z.int({ error: message }).check(z.gte(min, message), z.lte(max, message))),
  );

const onOff = z.pipe(
  z.transform((v: unknown) => (v === "true" ? true : v === "false" ? false : v)),
  z.boolean({ error: "Marque ou desmarque." }),
);

export const eventSettingsSchema = z.strictObject({
  titulo: text(40),
  data: text(40),
  horario: text(40),
  local: text(120),
  cidade: text(60),
  preco_centavos: price,
  pix_chave: z.pipe(
    text(100),
    z.transform((v: string, ctx) => {
      const checked = checkPixKey(v);
      if (checked.ok) return checked.key;
      ctx.issues.push({ code: "custom", message: checked.error, input: v });
      return v;
    }),
  ),
  pix_recebedor: text(60).check(z.refine((v) => sanitizeName(v) !== "", SETTINGS_MESSAGES.pixText)),
  pix_cidade: text(60).check(z.refine((v) => sanitizeCity(v) !== "", SETTINGS_MESSAGES.pixText)),
  whatsapp: z.pipe(
    z.transform((v: unknown) => (typeof v === "string" ? whatsappDigits(v) : v)),
    z.string({ error: SETTINGS_MESSAGES.whatsapp }).check(z.refine(isValidWhatsappDigits, SETTINGS_MESSAGES.whatsapp)),
  ),
  mensagens: z.array(text(120), { error: SETTINGS_MESSAGES.messages }).check(z.length(6, SETTINGS_MESSAGES.messages)),
  aviso_membros: text(200),
  fuso_horario: z
    .string({ error: SETTINGS_MESSAGES.timeZone })
    .check(z.trim(), z.refine(isTimeZone, SETTINGS_MESSAGES.timeZone)),
  inscricoes_por_numero: z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v)),
    z
      .int({ error: SETTINGS_MESSAGES.perPhone })
      .check(z.gte(1, SETTINGS_MESSAGES.perPhone), z.lte(PER_PHONE_MAX, SETTINGS_MESSAGES.perPhone)),
  ),
  autorizacao_exigida: onOff,
  viagem_destino: optionalText(120),
  viagem_datas: optionalText(120),
  alteracoes_ate: z.string({ error: SETTINGS_MESSAGES.day }).check(
    z.trim(),
    z.refine((v) => v === "" || isCalendarDay(v), SETTINGS_MESSAGES.day),
  ),
  grupo_nome: text(80),
  edicao_numero: wholeNumber(1, 99, "Informe o número da edição, de 1 a 99."),
  tema: text(80),
  ano: wholeNumber(2000, 2100, "Informe o ano com quatro algarismos, como 2026."),
  prazo_dias: optionalWholeNumber(1, 90, SETTINGS_MESSAGES.deadlineDays),
  prazo_horas_espera: optionalWholeNumber(1, 720, SETTINGS_MESSAGES.deadlineHours),
  prazo_tolerancia_dias: wholeNumber(0, 30, SETTINGS_MESSAGES.graceDays),
  prazo_ultimo_dia: z.string({ error: SETTINGS_MESSAGES.day }).check(
    z.trim(),
    z.refine((v) => v === "" || isCalendarDay(v), SETTINGS_MESSAGES.day),
  ),
  prazo_liberar_automaticamente: onOff,
});

export type EventSettingsInput = z.input<typeof eventSettingsSchema>;

export const settingKeyParamsSchema = z.object({
  chave: z.enum(SETTINGS_KEYS, { error: SETTINGS_MESSAGES.unknown }),
});
