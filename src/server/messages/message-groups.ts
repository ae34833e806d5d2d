import type { MessageGroup } from "../../shared/messages";
import type { Queryable } from "../db/database";
import { type SqlParams, sqlParams } from "../db/sql-params";
import { busNameOf } from "../registrations/registration-row";
import { DEADLINE_SOON_HOURS } from "../../shared/deadlines";

/** Who a message can reach at all: a registration with its code and a number, not yet purged. */
const REACHABLE = "referencia IS NOT NULL AND anonimizado_em IS NULL AND numero_responsavel IS NOT NULL";

/**
 * Each group's rule, as a condition on `registrations`. "Pagamento pendente" is
 * seated and owing: the waiting list was told not to pay yet.
 */
const FIXED_RULES = {
  pendentes: "situacao = 'vaga' AND status_pagamento = 'pendente' AND caravana_valor_devido(registrations) > 0",
  espera: "situacao = 'espera'",
  sem_autorizacao: "situacao <> 'desistente' AND caravana_falta_autorizacao(registrations)",
  com_vaga: "situacao = 'vaga'",
  reembolso:
    "situacao = 'desistente' AND EXISTS (SELECT 1 FROM reembolsos f WHERE f.inscricao_id = registrations.id AND f.estado = 'pendente')",
  // Seated, owing, the deadline within the next two days (DEADLINE_SOON_HOURS).
  prazo_vencendo: `situacao = 'vaga' AND status_pagamento = 'pendente' AND prazo_pagamento >= caravana_agora()
    AND prazo_pagamento < caravana_agora() + make_interval(hours => ${DEADLINE_SOON_HOURS})`,
} as const;

export interface GroupChoice {
  grupo: MessageGroup;
  onibus_id?: string | null;
  ids?: string[];
}

/** The group's rule as a condition on `registrations`, its values added to `p`. */
export function groupRule(choice: GroupChoice, p: SqlParams): string {
  if (choice.grupo === "onibus") return `onibus_id = ${p.add(choice.onibus_id ?? null)}::uuid`;
  if (choice.grupo === "selecionados") return `registrations.id = ANY(${p.add(choice.ids ?? [])}::uuid[])`;
  return FIXED_RULES[choice.grupo];
}

export interface Member {
  id: string;
  nome: string;
  codigo: string;
  telefone: string;
  devido_centavos: number;
  onibus: string | null;
  posicao_espera: number | null;
  sem_mensagens: boolean;
  prazo_pagamento: Date | null;
}

const MEMBER_COLUMNS = `registrations.id, nome_completo AS nome, referencia AS codigo, numero_responsavel AS telefone,
  CASE WHEN status_pagamento = 'pendente' THEN caravana_valor_devido(registrations) ELSE 0 END AS devido_centavos,
  ${busNameOf("registrations.onibus_id")} AS onibus, espera.posicao AS posicao_espera,
  sem_mensagens_em IS NOT NULL AS sem_mensagens, prazo_pagamento`;

// Positions in one pass: a count per row would be quadratic on a long waiting list.
const WAITING = `LEFT JOIN (SELECT id, row_number() OVER (ORDER BY ordem_espera)::int AS posicao
  FROM registrations WHERE situacao = 'espera') espera ON espera.id = registrations.id`;

/** The group's people now, in registration order, opted-out ones included (marked). */
export async function groupMembers(db: Queryable, choice: GroupChoice): Promise<Member[]> {
  const p = sqlParams();
  return db.query<Member>(
    `SELECT ${MEMBER_COLUMNS} FROM registrations ${WAITING}
     WHERE ${REACHABLE} AND ${groupRule(choice, p)}
     ORDER BY registrations.created_at, registrations.id`,
    p.values,
  );
}

/**
 * Which of `ids` are still in the group and may be sent to on `phone`, with
 * their values as they are now: a number corrected since the list was made
 * gets nothing (its message, and its personal links, would reach someone else).
 */
export async function stillInGroup(
  db: Queryable,
  choice: GroupChoice,
  ids: string[],
  phone: string,
): Promise<Member[]> {
  return (await stillInGroupByRow(db, choice, [{ telefone: phone, ids }]))[0];
}

/** stillInGroup for many rows of a list in one query: each row's people, in registration order. */
export async function stillInGroupByRow(
  db: Queryable,
  choice: GroupChoice,
  rows: { telefone: string; ids: string[] }[],
): Promise<Member[][]> {
  const pairs = rows.flatMap((row, i) => row.ids.map((id) => ({ id, telefone: row.telefone, linha: i })));
  const p = sqlParams();
  const all = choice.grupo === "selecionados" ? { ...choice, ids: pairs.map((x) => x.id) } : choice;
  const found = await db.query<Member & { linha: number }>(
    `SELECT t.linha, ${MEMBER_COLUMNS} FROM registrations ${WAITING}
     JOIN unnest(${p.add(pairs.map((x) => x.id))}::uuid[], ${p.add(pairs.map((x) => x.telefone))}::text[],
                 ${p.add(pairs.map((x) => x.linha))}::int[]) AS t(id, telefone, linha) ON t.id = registrations.id
     WHERE ${REACHABLE} AND ${groupRule(all, p)}
       AND sem_mensagens_em IS NULL AND numero_responsavel = t.telefone
     ORDER BY registrations.created_at, registrations.id`,
    p.values,
  );
  const byRow: Member[][] = rows.map(() => []);
  for (const { linha, ...member } of found) byRow[linha].push(member);
  return byRow;
}

/** Why each of `ids` left the group, in words for the row ("Ana Souza já pagou"). */
export async function whyLeft(db: Queryable, grupo: MessageGroup, ids: string[], phone: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{
    nome: string | null;
    situacao: string | null;
    pago: boolean;
    sem_mensagens: boolean;
    autorizacao: boolean;
    outro_numero: boolean;
  }>(
    `SELECT r.nome_completo AS nome, r.situacao, r.status_pagamento = 'confirmado' AS pago,
            r.numero_responsavel IS DISTINCT FROM $2 AS outro_numero,
            r.sem_mensagens_em IS NOT NULL AS sem_mensagens, r.autorizacao_recebida_em IS NOT NULL AS autorizacao
     FROM unnest($1::uuid[]) AS i(id) LEFT JOIN registrations r ON r.id = i.id AND r.anonimizado_em IS NULL`,
    [ids, phone],
  );
  return rows.map((r) => {
    if (!r.nome) return "uma inscrição foi excluída";
    if (r.outro_numero) return `o número de ${r.nome} mudou`;
    if (r.sem_mensagens) return `${r.nome} pediu para não receber mensagens`;
    if (r.situacao === "desistente" && grupo !== "reembolso") return `${r.nome} desistiu`;
    if (grupo === "pendentes" && r.pago) return `${r.nome} já pagou`;
    if (grupo === "pendentes" && r.situacao === "espera") return `${r.nome} foi para a lista de espera`;
    if (grupo === "prazo_vencendo" && r.pago) return `${r.nome} já pagou`;
    if (r.situacao === "vencida") return `a vaga de ${r.nome} foi liberada`;
    if (grupo === "prazo_vencendo") return `o prazo de ${r.nome} mudou`;
    if (grupo === "sem_autorizacao" && r.autorizacao) return `${r.nome} já entregou a autorização`;
    if (grupo === "espera" && r.situacao === "vaga") return `${r.nome} já tem vaga`;
    if (grupo === "reembolso") return `o reembolso de ${r.nome} já foi decidido`;
    return `${r.nome} não está mais neste grupo`;
  });
}

export interface GroupCountRow {
  grupo: MessageGroup;
  onibus_id: string | null;
  onibus_nome: string | null;
  equipe_id: number | null;
  pessoas: number;
  sem_mensagens: number;
}

/** Every group's count, one bus per row for "Ônibus": the registrations read once for all the fixed groups. */
export async function groupCounts(db: Queryable): Promise<GroupCountRow[]> {
  const groups = Object.keys(FIXED_RULES) as (keyof typeof FIXED_RULES)[];
  const columns = groups.flatMap((g) => [
    `count(*) FILTER (WHERE ${FIXED_RULES[g]} AND sem_mensagens_em IS NULL)::int AS "${g}"`,
    `count(*) FILTER (WHERE ${FIXED_RULES[g]} AND sem_mensagens_em IS NOT NULL)::int AS "${g}_sem"`,
  ]);
  const [counts] = await db.query<Record<string, number>>(
    `SELECT ${columns.join(", ")} FROM registrations WHERE ${REACHABLE}`,
  );
  const buses = await db.query<GroupCountRow>(
    `SELECT 'onibus' AS grupo, o.id AS onibus_id, o.nome AS onibus_nome, o.equipe_id,
       count(registrations.id) FILTER (WHERE registrations.sem_mensagens_em IS NULL)::int AS pessoas,
       count(registrations.id) FILTER (WHERE registrations.sem_mensagens_em IS NOT NULL)::int AS sem_mensagens
     FROM onibus o LEFT JOIN registrations ON registrations.onibus_id = o.id AND ${REACHABLE}
     GROUP BY o.id, o.nome, o.equipe_id, o.ordem ORDER BY o.ordem`,
  );
  return [
    ...groups.map((grupo) => ({
      grupo,
      onibus_id: null,
      onibus_nome: null,
      equipe_id: null,
      pessoas: counts[grupo],
      sem_mensagens: counts[`${grupo}_sem`],
    })),
    ...buses,
  ];
}
