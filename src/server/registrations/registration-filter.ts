import type { ListQuery, Sort } from "../../shared/admin-api";
import { type SqlParams, sqlParams } from "../db/sql-params";
import { POSSIBLE_DUPLICATE } from "./registration-row";
import { DEADLINE_SOON_HOURS } from "../../shared/deadlines";

/** The search term for LIKE: the user's % and _ (and \\) are literal characters, not wildcards. */
export const likeEscaped = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** nome_busca contains the term in this placeholder, escaped with likeEscaped (accents and case folded). */
export const nameContains = (placeholder: string) =>
  `nome_busca LIKE '%' || caravana_fold(${placeholder}) || '%' ESCAPE '\\'`;

/** What narrows the list and the exports; no bus means every bus. */
export type ListFilter = Pick<ListQuery, "q" | "status"> & Partial<Pick<ListQuery, "onibus">>;

/** Filter part of the list and export queries; its values go first into `params`, where the query adds its own. */
export function whereClause(filter: ListFilter, params: SqlParams = sqlParams()): { sql: string; params: SqlParams } {
  const conditions: string[] = [];
  const q = filter.q.trim();
  // A reference code ("jdj 7k3q") finds its registration too: the panel searches by name or code.
  const code = /^jdj[\s-]*([a-z0-9]{4})$/i.exec(q);
  if (code) {
    const name = nameContains(params.add(likeEscaped(q)));
    conditions.push(`(${name} OR referencia = ${params.add(`JDJ${code[1].toUpperCase()}`)})`);
  } else if (q) conditions.push(nameContains(params.add(likeEscaped(q))));
  if (filter.status === "duplicatas") {
    conditions.push(POSSIBLE_DUPLICATE);
  } else if (filter.status === "sem_autorizacao") {
    // Under 16, going (not cancelled), the signed travel authorisation not yet handed in (decision 037).
    conditions.push("situacao <> 'desistente' AND caravana_falta_autorizacao(registrations)");
  } else if (filter.status === "vence_em_breve") {
    // Seated and owing, the deadline within the next two days (shared/deadlines.ts).
    conditions.push(
      `situacao = 'vaga' AND status_pagamento = 'pendente' AND prazo_pagamento >= caravana_agora()
       AND prazo_pagamento < caravana_agora() + make_interval(hours => ${params.add(DEADLINE_SOON_HOURS)})`,
    );
  } else if (filter.status === "vencidas") {
    // Released, and those whose deadline passed (waiting for the statement's tolerance, or for a tap).
    conditions.push(
      "(situacao = 'vencida' OR (situacao = 'vaga' AND status_pagamento = 'pendente' AND prazo_pagamento < caravana_agora()))",
    );
  } else if (filter.status === "acompanhantes") {
    conditions.push("acompanhante");
  } else if (filter.status === "com_comprovante") {
    conditions.push("comprovante_path IS NOT NULL");
  } else if (filter.status === "espera" || filter.status === "desistente") {
    conditions.push(`situacao = ${params.add(filter.status)}`);
  } else if (filter.status === "pendente") {
    // Seated and owing: the waiting list was told not to pay yet, and who gave up owes nothing.
    conditions.push("status_pagamento = 'pendente' AND situacao = 'vaga'");
  } else if (filter.status !== "todos") {
    conditions.push(`status_pagamento = ${params.add(filter.status)}`);
  }
  if (filter.onibus) conditions.push(`onibus_id = ${params.add(filter.onibus)}::uuid`);
  return { sql: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "", params };
}

/**
 * ORDER BY per sort, and the keyset columns that continue after a row.
 * nome_busca is compared with COLLATE "C" so PGlite and any PostgreSQL locale
 * agree (and the index on created_at applies).
 */
export const SORT_SQL: Record<
  Sort,
  { orderBy: string; reverse: string; key: string; after: (a: string, b: string) => string }
> = {
  recentes: {
    orderBy: "created_at DESC, id DESC",
    reverse: "created_at ASC, id ASC",
    key: "created_at::text",
    after: (a, b) => `(created_at, id) < (${a}::timestamptz, ${b}::uuid)`,
  },
  antigos: {
    orderBy: "created_at ASC, id ASC",
    reverse: "created_at DESC, id DESC",
    key: "created_at::text",
    after: (a, b) => `(created_at, id) > (${a}::timestamptz, ${b}::uuid)`,
  },
  nome: {
    orderBy: `nome_busca COLLATE "C" ASC, id ASC`,
    reverse: `nome_busca COLLATE "C" DESC, id DESC`,
    key: "nome_busca",
    after: (a, b) => `(nome_busca COLLATE "C", id) > (${a}::text COLLATE "C", ${b}::uuid)`,
  },
};
