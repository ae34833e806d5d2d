import * as z from "zod/mini";
import { isCalendarDay } from "./dates";
import { pageNumber } from "./admin-api";
import { SETTING_LABELS } from "./event-settings";
import { formatPrice } from "./price";

/**
 * The activity log, shared by the panel and the server (docs/decisions/028).
 *
 * GET /api/activity?ator=&tipo=&desde=&ate=&page= -> ActivityPage                    (Coordenação)
 * GET /api/activity/people                        -> { id, nome }[] for the filter   (Coordenação)
 * GET /api/registrations/:id/history              -> ActivityEntry[] ("Histórico")   (every role)
 */

export const ACTIVITY_PAGE_SIZE = 30;

/** Filter groups: a group covers every kind that starts with it ("pagamento" is confirmado and pendente). */
export const ACTIVITY_GROUPS = {
  inscricao: "Inscrições",
  pagamento: "Pagamentos",
  prazo: "Prazos",
  comprovante: "Comprovantes",
  embarque: "Embarque",
  onibus: "Ônibus",
  formulario: "Formulário",
  configuracoes: "Configurações",
  equipe: "Equipe",
  sessao: "Acessos",
  edicao: "Edições",
  mensagem: "Mensagens",
} as const;
export type ActivityGroup = keyof typeof ACTIVITY_GROUPS;

export interface ActivityEntry {
  id: string;
  em: string;
  ator_id: number | null;
  /** The person, "visitante" for a public registration, or "sistema". */
  ator_nome: string;
  tipo: string;
  inscricao_id: string | null;
  resumo: string;
  /** Only the values that changed, before and after. */
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
}

/** Who acted, as the log shows it: the database's own "sistema", "visitante" and "participante" with a capital. */
export const activityActor = (name: string): string =>
  name === "sistema" || name === "visitante" || name === "participante" ? name[0].toUpperCase() + name.slice(1) : name;

export interface ActivityPage {
  items: ActivityEntry[];
  total: number;
  page: number;
  pageCount: number;
}

const day = z.optional(z.string().check(z.refine(isCalendarDay, "Data inválida (use AAAA-MM-DD).")));
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const activityQuerySchema = z.object({
  ator: z.pipe(
    z.transform((v: unknown) => (v === undefined || v === "" ? undefined : Number(v))),
    // A PostgreSQL integer: a larger id is nobody, and would fail in the database.
    z.optional(
      z
        .int({ error: "Pessoa inválida." })
        .check(z.gte(1, "Pessoa inválida."), z.lte(2_147_483_647, "Pessoa inválida.")),
    ),
  ),
  tipo: z.pipe(
    z.transform(blankToUndefined),
    z.optional(
      z.enum(Object.keys(ACTIVITY_GROUPS) as [ActivityGroup, ...ActivityGroup[]], { error: "Tipo inválido." }),
    ),
  ),
  desde: z.pipe(z.transform(blankToUndefined), day),
  ate: z.pipe(z.transform(blankToUndefined), day),
  page: pageNumber,
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** Stored words as the panel writes them elsewhere: "ESPECIE" is "Espécie". */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  metodo_pagamento: { PIX: "PIX", ESPECIE: "Espécie" },
  status_pagamento: { pendente: "Pendente", confirmado: "Confirmado" },
  situacao: { vaga: "Com lugar", espera: "Lista de espera", desistente: "Desistente" },
  papel: { coordenacao: "Coordenação", equipe: "Equipe" },
  viagem: { ida: "Ida", volta: "Volta" },
};

/** A value of the log as the panel writes it: "sim"/"não", prices in reais, lists joined, empty as "—". */
export function activityValue(v: unknown, field?: string): string {
  if (v === null || v === undefined || v === "") return "—";
  if (field && typeof v === "string" && VALUE_LABELS[field]?.[v]) return VALUE_LABELS[field][v];
  if (typeof v === "boolean") return v ? "sim" : "não";
  if (field === "preco_centavos" && typeof v === "number") return formatPrice(v);
  if (Array.isArray(v)) return v.join(" | ");
  return String(v);
}

/** How the panel names the values an entry changed. */
export const ACTIVITY_FIELD_LABELS: Record<string, string> = {
  nome_completo: "Nome",
  idade: "Idade",
  numero_responsavel: "Telefone",
  metodo_pagamento: "Forma de pagamento",
  status_pagamento: "Pagamento",
  situacao: "Situação",
  onibus: "Ônibus",
  referencia: "Referência",
  aberto: "Formulário aberto",
  nome: "Nome",
  lugares: "Lugares",
  login: "Login",
  papel: "Papel",
  ativo: "Ativa",
  viagem: "Viagem",
  embarcou: "Embarcou",
  marcado_em: "Marcado em",
  ...SETTING_LABELS,
};
