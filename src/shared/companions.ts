import * as z from "zod/mini";
import { AGE_MAX, COMPANION_AGE_MAX } from "./constants";
import { ADULT_AGE } from "./privacy";
import { MESSAGES, nameSchema, phoneSchema } from "./registration-schema";

/**
 * "Acompanhante" (docs/operations.md): an adult who travels with the youth
 * (a chaperone, a driver's helper, the coordination itself), added by
 * Coordenação from the panel with a seat, any adult age, a price or "Isento".
 * The public form keeps its own ages (4 to 65).
 *
 * POST /api/registrations/acompanhantes  CompanionInput -> Registration (Coordenação)
 */

export { COMPANION_AGE_MAX };

export const COMPANION_MESSAGES = {
  age: `Para um acompanhante, a idade vai de ${ADULT_AGE} a ${COMPANION_AGE_MAX} anos.`,
  price: "Informe o valor, como 15,00, ou marque “Isento”.",
  priceAbove: (price: string) => `O valor de um acompanhante vai até o preço da inscrição (${price}).`,
  ageForParticipant: "A idade de quem se inscreveu pelo formulário vai de 4 a 65 anos.",
  exemptReason: "Acompanhante isento",
  priceReason: "Valor de acompanhante",
} as const;

const companionAge = z.pipe(
  z.transform((v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v)),
  z
    .number({ error: COMPANION_MESSAGES.age })
    .check(
      z.refine(Number.isInteger, COMPANION_MESSAGES.age),
      z.gte(ADULT_AGE, COMPANION_MESSAGES.age),
      z.lte(COMPANION_AGE_MAX, COMPANION_MESSAGES.age),
    ),
);

export const companionSchema = z.strictObject({
  nome_completo: nameSchema,
  idade: companionAge,
  numero_responsavel: phoneSchema,
  /** "Isento": travels without paying. */
  isento: z.boolean(),
  /** What they pay, when not exempt; the price by default. */
  valor_centavos: z.optional(
    z
      .number({ error: COMPANION_MESSAGES.price })
      .check(z.int(COMPANION_MESSAGES.price), z.gte(1, COMPANION_MESSAGES.price)),
  ),
});
export type CompanionInput = z.output<typeof companionSchema>;

/**
 * The panel's edit keeps each one's ages: the form's for whoever signed up,
 * any adult age for a companion. The message for the "Idade" field, or null.
 */
export function editedAgeError(acompanhante: boolean, idade: number): string | null {
  if (!acompanhante && idade > AGE_MAX) return MESSAGES.ageMax;
  if (acompanhante && idade < ADULT_AGE) return COMPANION_MESSAGES.age;
  return null;
}
