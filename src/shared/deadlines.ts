import * as z from "zod/mini";
import { UUID_PATTERN } from "./constants";

/**
 * Payment deadlines (decision 049): every seat that owes has its own, counted
 * from when it got the seat; when it and the statement's tolerance pass with
 * nothing paid, the registration becomes "Vencida" and the seat goes to the
 * first person waiting.
 *
 * PUT  /api/registrations/:id/prazo   { ate, motivo }       -> Registration   "Prorrogar prazo" (Coordenação)
 * POST /api/registrations/prazo       { ids, ate, motivo }  -> { prorrogadas } for a selection   (Coordenação)
 * POST /api/registrations/:id/liberar-vaga                  -> Registration   a Vencida by hand   (Coordenação)
 * POST /api/registrations/:id/devolver-vaga                 -> Registration   "Devolver vaga"     (Coordenação)
 */

/** "Vence em breve", the "Prazo vencendo" group and its reminder: a deadline within this many hours. */
export const DEADLINE_SOON_HOURS = 48;

export const DEADLINE_MESSAGES = {
  date: "Escolha o novo dia e a hora do prazo.",
  inThePast: "O novo prazo precisa ser depois de agora.",
  reason: "Diga o motivo em poucas palavras (ele fica no histórico).",
  reasonLong: "O motivo pode ter até 200 caracteres.",
  notOwingSeat: (nome: string) => `${nome} não tem uma vaga esperando pagamento: não há prazo para prorrogar.`,
  notExpired: (nome: string) => `${nome} não está com a vaga vencida.`,
  notDue: (nome: string) => `O prazo de ${nome}, com a tolerância do extrato, ainda não passou.`,
  none: "Escolha ao menos uma inscrição.",
} as const;

const reason = z
  .string({ error: DEADLINE_MESSAGES.reason })
  .check(z.trim(), z.minLength(2, DEADLINE_MESSAGES.reason), z.maxLength(200, DEADLINE_MESSAGES.reasonLong));
const until = z
  .string({ error: DEADLINE_MESSAGES.date })
  .check(z.refine((v) => !Number.isNaN(Date.parse(v)), DEADLINE_MESSAGES.date));

export const extendDeadlineSchema = z.strictObject({ ate: until, motivo: reason });
export type ExtendDeadline = z.output<typeof extendDeadlineSchema>;

export const extendManySchema = z.strictObject({
  ids: z
    .array(z.string().check(z.regex(UUID_PATTERN, DEADLINE_MESSAGES.none)), { error: DEADLINE_MESSAGES.none })
    .check(z.minLength(1, DEADLINE_MESSAGES.none), z.maxLength(2000, DEADLINE_MESSAGES.none)),
  ate: until,
  motivo: reason,
});
