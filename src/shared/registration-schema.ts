import * as z from "zod/mini";
import {
  AGE_MAX,
  AGE_MIN,
  COMPANION_AGE_MAX,
  MAX_FAMILY_PROOFS,
  NAME_MAX_LENGTH,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SECRET_PATTERN,
  UUID_PATTERN,
} from "./constants";
import { isValidPhoneDigits, phoneDigits } from "./phone";
import { ADULT_AGE } from "./privacy";
import { KINSHIP_KEYS, MINOR_MESSAGES } from "./minors";
import { hasHiddenCharacters } from "./visible-text";

// zod/mini keeps the first page light (decision 002).

export const MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameTooLong: `Nome deve ter no máximo ${NAME_MAX_LENGTH} caracteres`,
  nameInvalid: "Nome contém caracteres inválidos",
  nameHidden: "Nome contém caracteres invisíveis ou de controle. Apague o nome e digite de novo.",
  ageRequired: "Idade é obrigatória",
  ageMin: `Idade mínima: ${AGE_MIN} anos`,
  ageMax: `Idade máxima: ${AGE_MAX} anos`,
  ageRange: `Idade deve estar entre ${AGE_MIN} e ${AGE_MAX} anos`,
  phoneRequired: "Número é obrigatório",
  phoneInvalid: "Número de telefone inválido",
  methodInvalid: "Escolha a forma de pagamento: PIX ou Espécie",
  statusInvalid: "Status de pagamento inválido",
  consentRequired: "Para menores de 18 anos, o responsável precisa autorizar a inscrição.",
  payerTooLong: "Nome de quem vai pagar deve ter no máximo 120 caracteres",
  payerInvalid: "Nome de quem vai pagar contém caracteres inválidos",
  unknownField: "Campo não permitido no formulário",
  invalidPayload: "Dados do formulário inválidos",
} as const;

// Postgres text cannot hold NUL, and lone surrogates are not valid UTF-8.
const isStorableText = (s: string) => !s.includes("\u0000") && s.isWellFormed();

export const nameSchema = z.string({ error: MESSAGES.nameRequired }).check(
  z.trim(),
  z.refine(isStorableText, MESSAGES.nameInvalid),
  // One way to write "José", whatever the keyboard sent, so a search finds it.
  z.normalize("NFC"),
  z.minLength(1, MESSAGES.nameRequired),
  z.maxLength(NAME_MAX_LENGTH, MESSAGES.nameTooLong),
  z.refine((s) => !hasHiddenCharacters(s), MESSAGES.nameHidden),
);

/** "Nome de quem vai pagar (titular da conta)": optional; blank is none. Statement suggestions use it. */
export const payerNameSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v)),
  z.optional(
    z.string({ error: MESSAGES.payerInvalid }).check(
      z.trim(),
      z.refine(isStorableText, MESSAGES.payerInvalid),
      z.normalize("NFC"),
      z.minLength(2, MESSAGES.payerInvalid),
      z.maxLength(120, MESSAGES.payerTooLong),
      z.refine((s) => !hasHiddenCharacters(s), MESSAGES.payerInvalid),
    ),
  ),
);

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** "Nome do responsável": required under 18 (checked with the age, below). */
export const guardianNameSchema = z.pipe(
  z.transform(blank),
  z.optional(
    z.string({ error: MINOR_MESSAGES.guardianInvalid }).check(
      z.trim(),
      z.refine(isStorableText, MINOR_MESSAGES.guardianInvalid),
      z.normalize("NFC"),
      z.minLength(2, MINOR_MESSAGES.guardianRequired),
      z.maxLength(120, "Nome do responsável deve ter no máximo 120 caracteres"),
      z.refine((s) => !hasHiddenCharacters(s), MINOR_MESSAGES.guardianInvalid),
    ),
  ),
);
export const kinshipSchema = z.pipe(
  z.transform(blank),
  z.optional(z.enum(KINSHIP_KEYS, { error: MINOR_MESSAGES.kinshipRequired })),
);
/** "Cuidados de saúde": optional, for everyone; sensitive data (decision 037). */
export const healthSchema = z.pipe(
  z.transform(blank),
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.refine(isStorableText, "Texto inválido."),
        z.normalize("NFC"),
        z.maxLength(500, MINOR_MESSAGES.healthTooLong),
      ),
  ),
);

/** Accepts a number or the string of an <input>; empty means missing. */
const ageUpTo = (max: number) =>
  z.pipe(
    z.transform((v: unknown) =>
      v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v.trim()) : v,
    ),
    z
      .number({ error: (iss) => (iss.input === undefined ? MESSAGES.ageRequired : MESSAGES.ageRange) })
      .check(
        z.refine(Number.isInteger, MESSAGES.ageRange),
        z.gte(AGE_MIN, MESSAGES.ageMin),
        z.lte(max, max === AGE_MAX ? MESSAGES.ageMax : `Idade máxima: ${max} anos`),
      ),
  );
export const ageSchema = ageUpTo(AGE_MAX);
/** The panel's edit: a companion may be older than the form allows; the server checks which one it is. */
const editAgeSchema = ageUpTo(COMPANION_AGE_MAX);

/** Digits only or formatted; the result is always the bare digits. */
export const phoneSchema = z.pipe(
  z.string({ error: MESSAGES.phoneRequired }).check(z.maxLength(40, MESSAGES.phoneInvalid)),
  z.pipe(
    z.transform((s: string) => phoneDigits(s)),
    z.string().check(z.minLength(1, MESSAGES.phoneRequired), z.refine(isValidPhoneDigits, MESSAGES.phoneInvalid)),
  ),
);

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: MESSAGES.methodInvalid });
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES, { error: MESSAGES.statusInvalid });

const objectError = (iss: { code?: string }) =>
  iss.code === "unrecognized_keys" ? MESSAGES.unknownField : MESSAGES.invalidPayload;

/** A valid age under 18 was typed: the minor's checks run even while other fields are wrong, so every message shows at once. */
function minorTyped(p: { value: unknown }): boolean {
  const age = (p.value as { idade?: unknown } | undefined)?.idade;
  return typeof age === "number" && Number.isInteger(age) && age >= 4 && age < ADULT_AGE;
}

/** What a visitor submits. The form and POST /api/registrations both parse with it. */
export const registrationInputSchema = z
  .strictObject(
    {
      nome_completo: nameSchema,
      idade: ageSchema,
      numero_responsavel: phoneSchema,
      metodo_pagamento: paymentMethodSchema,
      nome_pagador: payerNameSchema,
      responsavel_nome: guardianNameSchema,
      parentesco: kinshipSchema,
      saude: healthSchema,
      /** The guardian's consent (LGPD); required under 18. */
      consentimento: z.optional(z.boolean({ error: MESSAGES.consentRequired })),
      /**
       * The registrations this phone already holds, each with its secret: the new one joins the family of
       * the first on the same number (decision 041). Not typed by anyone; the form adds it when it sends.
       */
      familia: z.optional(
        z
          .array(
            z.strictObject(
              {
                id: z.string().check(z.regex(UUID_PATTERN)),
                token: z.string().check(z.regex(SECRET_PATTERN)),
              },
              { error: MESSAGES.invalidPayload },
            ),
            { error: MESSAGES.invalidPayload },
          )
          .check(z.maxLength(MAX_FAMILY_PROOFS, MESSAGES.invalidPayload)),
      ),
      /** Honeypot: hidden from people, filled in by bots. The server refuses it when not empty. */
      website: z.optional(z.string().check(z.maxLength(200, MESSAGES.invalidPayload))),
    },
    { error: objectError },
  )
  .check(
    z.refine((v) => v.idade >= ADULT_AGE || v.consentimento === true, {
      message: MESSAGES.consentRequired,
      path: ["consentimento"],
      when: minorTyped,
    }),
    z.refine((v) => v.idade >= ADULT_AGE || v.responsavel_nome !== undefined, {
      message: MINOR_MESSAGES.guardianRequired,
      path: ["responsavel_nome"],
      when: minorTyped,
    }),
    z.refine((v) => v.idade >= ADULT_AGE || v.parentesco !== undefined, {
      message: MINOR_MESSAGES.kinshipRequired,
      path: ["parentesco"],
      when: minorTyped,
    }),
  );
export type RegistrationInput = z.input<typeof registrationInputSchema>;
export type RegistrationData = z.output<typeof registrationInputSchema>;

/** The admin edit dialog: every field, all required. */
export const registrationEditSchema = z.strictObject(
  {
    nome_completo: nameSchema,
    idade: editAgeSchema,
    numero_responsavel: phoneSchema,
    metodo_pagamento: paymentMethodSchema,
    status_pagamento: paymentStatusSchema,
    responsavel_nome: guardianNameSchema,
    parentesco: kinshipSchema,
    saude: healthSchema,
  },
  { error: objectError },
);

/** PATCH body: the whole edit set, or status_pagamento alone (the 'Marcar Pago' toggle). */
export const registrationPatchSchema = z.union(
  [registrationEditSchema, z.strictObject({ status_pagamento: paymentStatusSchema }, { error: objectError })],
  { error: MESSAGES.invalidPayload },
);

/** First message of a failed parse, for a toast or a 400 body. */
export function firstMessage(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.invalidPayload;
}

/** Messages by top-level field, for showing under each input. */
export function fieldMessages(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
