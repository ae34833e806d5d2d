import * as z from "zod/mini";
import { hasHiddenCharacters } from "./visible-text";
import { INT4_MAX } from "./constants";
import { plural } from "./plural";

/**
 * Editions (docs/decisions/038): close this year's caravan and start the next.
 *
 * GET  /api/editions                         -> EditionsView                 (Coordenação)
 * POST /api/editions/close  closeEditionSchema -> CloseEditionResult        (Coordenação)
 * GET  /api/editions/:id/registrations       -> ArchivedRegistration[]       (Coordenação, while kept)
 * GET  /api/editions/:id/export.xlsx | .csv  -> the kept list as a sheet    (Coordenação, while kept)
 */

/** "JDJ 2025" → "JDJ 2026": the example for the next edition's name, never the current one. */
export function nextEditionName(current: string): string {
  const years = [...current.matchAll(/\b(20\d\d)\b/g)];
  const last = years.at(-1);
  if (!last || last.index === undefined) return `${current} (próxima)`;
  return `${current.slice(0, last.index)}${Number(last[1]) + 1}${current.slice(last.index + 4)}`;
}

export const KEEP_DAYS_DEFAULT = 90;
export const KEEP_DAYS_MAX = 365;
/** What a new edition's date says until the coordination sets it. */
export const DATE_TO_BE_SET = "A definir";

export const EDITION_MESSAGES = {
  nameRequired: "Informe o nome da nova edição.",
  nameLong: "No máximo 40 caracteres.",
  hidden: "Tem caracteres invisíveis ou de controle. Digite de novo.",
  nameTaken: (name: string) => `Já existe uma edição chamada “${name}”. Escolha outro nome.`,
  currentNameTaken: (name: string) =>
    `A edição atual tem o nome de uma edição anterior (“${name}”). Mude o título em Configurações antes de encerrar.`,
  dateLong: "No máximo 40 caracteres.",
  number: "Informe o número da edição, de 1 a 99.",
  year: "Informe o ano com quatro algarismos, como 2026.",
  days: `Informe de 1 a ${KEEP_DAYS_MAX} dias.`,
  data: "Escolha o que acontece com os dados pessoais.",
  alreadyClosed: "Esta edição já foi encerrada. Atualize a página para ver a edição atual.",
  closing: "Outra pessoa está encerrando esta edição agora. Aguarde e atualize a página.",
  backupFailed: (reason: string) => `Não foi possível gravar o backup (${reason}). Nada foi alterado.`,
  queuedMarks: (n: number) =>
    `Este aparelho tem ${plural(n, "marcação", "marcações")} da chamada aguardando envio. ` +
    "Conecte-se e espere o envio antes de encerrar a edição.",
  notFound: "Edição não encontrada.",
  purged: "Os dados pessoais desta edição já foram apagados. Ficaram só os totais.",
} as const;

const editionName = z.string({ error: EDITION_MESSAGES.nameRequired }).check(
  z.trim(),
  z.normalize("NFC"),
  z.minLength(1, EDITION_MESSAGES.nameRequired),
  z.maxLength(40, EDITION_MESSAGES.nameLong),
  z.refine((s) => s.isWellFormed() && !hasHiddenCharacters(s), EDITION_MESSAGES.hidden),
);

export const closeEditionSchema = z.strictObject({
  /** The edition the page showed: a second click or a second coordinator finds it already closed. */
  edicao_id: z.int().check(z.gte(1), z.lte(INT4_MAX)),
  nome: editionName,
  data: z._default(
    z.string().check(
      z.trim(),
      z.normalize("NFC"),
      z.maxLength(40, EDITION_MESSAGES.dateLong),
      z.refine((s) => s.isWellFormed() && !hasHiddenCharacters(s), EDITION_MESSAGES.hidden),
    ),
    "",
  ),
  /** The next edition's number ("3ª EDIÇÃO") and year ("© 2026"); absent, the current ones stay. */
  edicao_numero: z.optional(
    z
      .int({ error: EDITION_MESSAGES.number })
      .check(z.gte(1, EDITION_MESSAGES.number), z.lte(99, EDITION_MESSAGES.number)),
  ),
  ano: z.optional(
    z
      .int({ error: EDITION_MESSAGES.year })
      .check(z.gte(2000, EDITION_MESSAGES.year), z.lte(2100, EDITION_MESSAGES.year)),
  ),
  levar: z.strictObject({ onibus: z.boolean(), equipe: z.boolean(), configuracoes: z.boolean() }),
  dados: z.enum(["apagar", "guardar"], { error: EDITION_MESSAGES.data }),
  dias: z._default(
    z
      .int({ error: EDITION_MESSAGES.days })
      .check(z.gte(1, EDITION_MESSAGES.days), z.lte(KEEP_DAYS_MAX, EDITION_MESSAGES.days)),
    KEEP_DAYS_DEFAULT,
  ),
});
export type CloseEditionInput = z.input<typeof closeEditionSchema>;
export type CloseEdition = z.output<typeof closeEditionSchema>;

export const editionParamsSchema = z.object({
  id: z.pipe(
    z.transform((v: unknown) => Number(v)),
    // An edition's id is a PostgreSQL integer: anything past it is no edition (not a 500).
    z
      .int({ error: EDITION_MESSAGES.notFound })
      .check(z.gte(1, EDITION_MESSAGES.notFound), z.lte(2_147_483_647, EDITION_MESSAGES.notFound)),
  ),
});

/** The age groups of the totals: the authorisation's age (16) and adulthood (18) are borders. */
export const AGE_GROUPS = [
  { label: "4 a 11 anos", min: 4, max: 11 },
  { label: "12 a 15 anos", min: 12, max: 15 },
  { label: "16 e 17 anos", min: 16, max: 17 },
  { label: "18 a 24 anos", min: 18, max: 24 },
  { label: "25 anos ou mais", min: 25, max: 200 },
] as const;

/** What a closed edition keeps forever: counts and sums, no names. */
export interface EditionTotals {
  inscricoes: { vaga: number; espera: number; desistente: number; vencida?: number };
  /** Received, net of undone payments, by method. */
  recebido: { total: number; pix: number; especie: number };
  isencoes: number;
  descontos: number;
  reembolsos: number;
  despesas: number;
  saldo: number;
  /** What seated people still owed at the close. */
  a_receber: number;
  /** Seated people per bus, in fill order; "Sem ônibus" when seats were given with no bus. */
  por_onibus: { nome: string; lugares: number | null; pessoas: number }[];
  /** Seated people per age group (AGE_GROUPS). */
  por_idade: { faixa: string; pessoas: number }[];
}

export interface EditionChoices {
  nova: string;
  onibus: boolean;
  equipe: boolean;
  configuracoes: boolean;
  dados: "apagar" | "guardar";
  dias: number;
}

export interface CurrentEdition {
  id: number;
  /** The event's title in force. */
  nome: string;
  data: string;
  aberta_em: string;
  inscricoes: number;
}

export interface PastEdition {
  id: number;
  nome: string;
  data: string | null;
  aberta_em: string;
  encerrada_em: string;
  encerrada_por: string | null;
  escolhas: EditionChoices;
  totais: EditionTotals;
  /** While the list is kept read-only; null once purged (or purged at the close). */
  dados_ate: string | null;
  dados_apagados_em: string | null;
  /** Rows still kept. */
  inscricoes_guardadas: number;
}

export interface EditionsView {
  atual: CurrentEdition;
  anteriores: PastEdition[];
}

export interface CloseEditionResult {
  backup: string;
  encerrada: PastEdition;
  atual: CurrentEdition;
}

/** A kept row of a closed edition, as the read-only list shows it. */
export interface ArchivedRegistration {
  id: string;
  nome_completo: string;
  idade: number;
  numero_responsavel: string | null;
  situacao: "vaga" | "espera" | "desistente" | "vencida";
  onibus_nome: string | null;
  metodo_pagamento: "PIX" | "ESPECIE";
  status_pagamento: "pendente" | "confirmado";
  referencia: string | null;
}

/** The one sentence the dialog says before it asks to confirm. */
export function closeSummary(current: string, next: CloseEditionInput): string {
  const kept = [
    next.levar.onibus && "os ônibus",
    next.levar.equipe && "a equipe",
    next.levar.configuracoes && "as configurações",
  ].filter(Boolean) as string[];
  const carried = kept.length
    ? `levando ${kept.length > 1 ? `${kept.slice(0, -1).join(", ")} e ${kept.at(-1)}` : kept[0]}`
    : "sem levar ônibus, equipe nem configurações";
  const data =
    next.dados === "apagar"
      ? "os dados pessoais das inscrições são apagados agora"
      : `a lista fica guardada, só para leitura, por ${plural(next.dias ?? KEEP_DAYS_DEFAULT, "dia", "dias")} e depois é apagada`;
  const name = next.nome.trim() || "a nova edição";
  return `${current} será encerrada e ${name} começará com o formulário fechado e a lista vazia, ${carried}; ${data}.`;
}

/** GET /api/editions/open-items: what "Encerrar edição" lists before the confirmation. */
export interface EditionOpenItems {
  /** Seated and owing. */
  pendentes: number;
  espera: number;
  /** Paid with no seat ("Pago, aguardando vaga"): money to return if no seat comes. */
  pagos_sem_vaga: number;
  pagos_sem_vaga_centavos: number;
  /** Bank statement lines linked to nobody (unmatched or only suggested). */
  linhas: number;
  linhas_centavos: number;
  reembolsos: number;
  reembolsos_centavos: number;
  /** Cash each person still holds. */
  em_maos: { nome: string; centavos: number }[];
}
