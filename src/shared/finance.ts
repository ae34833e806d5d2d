import * as z from "zod/mini";
import { isCalendarDay } from "./dates";
import { PAYMENT_METHODS, UUID_PATTERN } from "./constants";
import { formatPrice } from "./price";
import { hasHiddenCharacters } from "./visible-text";
import { REGISTRATION_NOT_FOUND } from "./admin-api";

/**
 * "Financeiro" (docs/decisions/036), shared by the panel and the server.
 *
 * POST /api/finance/statements            multipart: arquivo [+ colunas]  -> ImportResult | 422 ColumnsNeeded (Coordenação)
 * GET  /api/finance/lines?grupo=           -> StatementLineView[]                                               (Coordenação)
 * POST /api/finance/lines/:id/confirm      { inscricao_id } -> StatementLineView   "Confirmar" and "Vincular"  (Coordenação)
 * POST /api/finance/lines/:id/ignore       -> StatementLineView                                                  (Coordenação)
 * GET  /api/finance/cash                   -> CashView (Equipe: their own)
 * POST /api/finance/handovers              { para, valor_centavos, de? } "Registrar entrega"                    (every role)
 * POST /api/finance/handovers/:id/confirm  by the receiver                                                        (Coordenação)
 * GET  /api/finance/refunds                -> RefundView[];  POST /api/finance/refunds/:id  RefundDecision        (Coordenação)
 * GET/POST /api/finance/expenses, DELETE /api/finance/expenses/:id, GET …/:id/receipt                           (Coordenação)
 * GET  /api/finance/accounts(.xlsx)        -> Accounts ("Prestação de contas")                                   (Coordenação)
 * POST /api/registrations/:id/adjust       { valor_centavos, motivo } "Isento" / "Desconto"                      (Coordenação)
 * GET  /api/registrations/:id/payments     -> PaymentRecord[]                                                     (every role)
 */

export const FINANCE_MESSAGES = {
  lineTaken: "Esta linha do extrato já foi resolvida por outra pessoa.",
  lineNotFound: "Linha do extrato não encontrada.",
  registrationPaid: "Esta inscrição já está paga.",
  registrationGone: REGISTRATION_NOT_FOUND,
  columnsNeeded: "Não conhecemos as colunas deste CSV. Diga qual coluna é a data, o valor e a descrição.",
  amountInvalid: "Valor inválido. Use, por exemplo, 15,00.",
  reasonRequired: "Diga o motivo.",
  dateInvalid: "Data inválida.",
  descriptionRequired: "Descreva a despesa.",
  categoryInvalid: "Escolha a categoria.",
  personInvalid: "Escolha para quem o dinheiro foi entregue.",
  handoverNotYours: "Só quem recebeu o dinheiro confirma a entrega.",
  handoverNotFound: "Entrega não encontrada.",
  handoverDone: "Esta entrega já foi confirmada.",
  refundNotFound: "Reembolso não encontrado.",
  refundDone: "Este reembolso já foi resolvido.",
  expenseNotFound: "Despesa não encontrada.",
  adjustPaid: "Esta inscrição já está paga: registre um reembolso em vez de um desconto.",
  moneyChoiceNeeded: "Esta inscrição está paga. Diga o que acontece com o dinheiro antes de excluir.",
  registrationGaveUp:
    "Esta inscrição é de quem desistiu e não deve nada. Se a pessoa pagou assim mesmo, ignore a linha e registre a devolução em Reembolsos.",
  lineSplit: (line: number, owed: number) =>
    `Esta linha tem ${formatPrice(line)}, mas as inscrições escolhidas devem, juntas, ${formatPrice(owed)}. ` +
    "Escolha só as inscrições que este PIX pagou; se ele pagou menos que o devido, dê antes um desconto.",
  linePartial: (line: number, owed: number) =>
    `Esta linha tem ${formatPrice(line)} e a inscrição deve ${formatPrice(owed)}: faltam ${formatPrice(owed - line)}. ` +
    "Ela não paga a inscrição sozinha. Para aceitar assim, dê um desconto na inscrição antes de vincular.",
  discountAbovePrice: (price: number) =>
    `O valor devido não pode passar do preço da inscrição (${formatPrice(price)}). Para cobrar menos, dê um desconto.`,
  refundAbovePaid: (paid: number) => `O valor devolvido não pode passar do que foi pago (${formatPrice(paid)}).`,
  refundInFuture: "A data da devolução não pode ser no futuro.",
  importInterrupted:
    "A edição foi encerrada durante a importação: o extrato não foi importado na edição nova. Importe-o de novo se precisar.",
} as const;

/**
 * Whether a statement's credit pays the registrations it names, by what each
 * owes now: one registration, when the line covers it (more is an excess to
 * refund); several, when the line is exactly their sum (no guess at a split).
 * The matching, the import's payment and "Confirmar"/"Vincular" all ask this.
 */
export function linePays(valorCentavos: number, owedEach: readonly number[]): boolean {
  const owed = owedEach.reduce((sum, n) => sum + n, 0);
  return owedEach.length === 1 ? valorCentavos >= owed : owedEach.length > 1 && valorCentavos === owed;
}

export const EXPENSE_CATEGORIES = {
  onibus: "Ônibus",
  alimentacao: "Alimentação",
  material: "Material",
  outros: "Outros",
} as const;
export type ExpenseCategory = keyof typeof EXPENSE_CATEGORIES;

export const LINE_GROUPS = {
  sugerida: "Sugestões",
  sem_correspondencia: "Sem correspondência",
  ja_paga: "Já pago",
  paga: "Pagas pelo extrato",
  ignorada: "Ignoradas",
} as const;
export type LineState = keyof typeof LINE_GROUPS;

export const MATCH_LABELS = {
  codigo: "pelo código",
  codigos: "pelos códigos (crédito dividido)",
  nome: "pelo nome e valor",
  parecido: "por um código parecido",
  responsavel: "pelo nome do responsável e valor",
  vinculo: "vinculada à mão",
  repetida: "repete um crédito já importado",
} as const;

const text = (max: number, required: string) =>
  z.string({ error: required }).check(
    z.trim(),
    z.normalize("NFC"),
    z.minLength(2, required),
    z.maxLength(max, `Use no máximo ${max} caracteres.`),
    z.refine((s) => !s.includes("\u0000") && s.isWellFormed() && !hasHiddenCharacters(s), "Texto inválido."),
  );

/** Centavos, as a whole number: the panel converts "15,00" before sending. */
const cents = (min: number) =>
  z
    .int({ error: FINANCE_MESSAGES.amountInvalid })
    .check(z.gte(min, FINANCE_MESSAGES.amountInvalid), z.lte(100_000_00, FINANCE_MESSAGES.amountInvalid));
const day = z
  .string({ error: FINANCE_MESSAGES.dateInvalid })
  .check(z.refine(isCalendarDay, FINANCE_MESSAGES.dateInvalid));
const memberId = z
  .int({ error: FINANCE_MESSAGES.personInvalid })
  .check(z.gte(1, FINANCE_MESSAGES.personInvalid), z.lte(2_147_483_647, FINANCE_MESSAGES.personInvalid));
const uuid = z.string().check(z.regex(UUID_PATTERN, FINANCE_MESSAGES.registrationGone));

export const lineParamsSchema = z.object({
  id: z.string().check(z.regex(/^[1-9]\d{0,17}$/, FINANCE_MESSAGES.lineNotFound)),
});
export const numericParamsSchema = (message: string) =>
  z.object({ id: z.string().check(z.regex(/^[1-9]\d{0,17}$/, message)) });

export const linesQuerySchema = z.object({
  grupo: z.enum(Object.keys(LINE_GROUPS) as [LineState, ...LineState[]], { error: "Grupo inválido." }),
});
/** "Confirmar" or "Vincular": one registration, or several (siblings in one PIX) that split the line by what each owes. */
export const confirmLineSchema = z
  .strictObject({
    inscricao_id: z.optional(uuid),
    inscricao_ids: z.optional(z.array(uuid).check(z.minLength(1), z.maxLength(10, "Escolha até 10 inscrições."))),
  })
  .check(z.refine((b) => !!b.inscricao_id || !!b.inscricao_ids?.length, "Escolha a inscrição."));

export const csvColumnsSchema = z.strictObject({
  banco: text(40, "Diga o nome do banco."),
  data: z.string().check(z.minLength(1, "Escolha a coluna da data.")),
  valor: z.string().check(z.minLength(1, "Escolha a coluna do valor.")),
  descricao: z.string().check(z.minLength(1, "Escolha a coluna da descrição.")),
  identificador: z.optional(z.string()),
});
export type CsvColumnsInput = z.output<typeof csvColumnsSchema>;

export const handoverSchema = z.strictObject({
  para: memberId,
  valor_centavos: cents(1),
  /** Coordenação registering cash a helper handed them; a helper always gives their own. */
  de: z.optional(memberId),
});

export const refundDecisionSchema = z.discriminatedUnion("estado", [
  z.strictObject({
    estado: z.literal("reembolsado"),
    valor_centavos: cents(1),
    metodo: z.enum(PAYMENT_METHODS, { error: "Escolha como o dinheiro foi devolvido." }),
    data: day,
  }),
  z.strictObject({ estado: z.literal("sem_reembolso"), motivo: text(200, FINANCE_MESSAGES.reasonRequired) }),
]);
export type RefundDecision = z.output<typeof refundDecisionSchema>;

export const expenseSchema = z.object({
  descricao: text(120, FINANCE_MESSAGES.descriptionRequired),
  // The panel sends centavos as digits; "0x10" or "1e3" are no amount, though Number() reads them.
  valor_centavos: z.pipe(
    z.transform((v: unknown) => (typeof v === "string" ? (/^\d{1,9}$/.test(v.trim()) ? Number(v) : Number.NaN) : v)),
    cents(1),
  ),
  data: day,
  categoria: z.enum(Object.keys(EXPENSE_CATEGORIES) as [ExpenseCategory, ...ExpenseCategory[]], {
    error: FINANCE_MESSAGES.categoryInvalid,
  }),
  /** "Paguei em espécie": out of the cash in the hands of whoever registers it ("true"), or from the account. */
  em_especie: z._default(
    z.pipe(
      z.transform((v: unknown) => (v === "true" ? true : v === "false" ? false : v)),
      z.boolean({ error: "Diga se a despesa foi paga em espécie." }),
    ),
    false,
  ),
});
export type ExpenseInput = z.output<typeof expenseSchema>;

export const adjustSchema = z.strictObject({
  /** The new amount due: 0 is "Isento"; the registration's price undoes a discount (at most R$ 10.000, as the column). */
  valor_centavos: z
    .int({ error: FINANCE_MESSAGES.amountInvalid })
    .check(z.gte(0, FINANCE_MESSAGES.amountInvalid), z.lte(10_000_00, FINANCE_MESSAGES.amountInvalid)),
  motivo: text(200, FINANCE_MESSAGES.reasonRequired),
});

/** DELETE /api/registrations/:id of a paid registration: what happens to the money. */
export const deleteMoneySchema = z.object({
  dinheiro: z.optional(z.enum(["reembolsar", "manter"], { error: "Escolha o que acontece com o dinheiro." })),
  motivo: z.optional(z.string().check(z.maxLength(200, "Use no máximo 200 caracteres."))),
});
