import { setImmediate as nextTurn } from "node:timers/promises";
import type { ListQuery, RegistrationPage, RegistrationStats } from "../../shared/admin-api";
import { PAGE_SIZE } from "../../shared/constants";
import type { Kinship } from "../../shared/minors";
import type { Database, Queryable } from "../db/database";
import { type ListFilter, SORT_SQL, whereClause } from "./registration-filter";
import { busNameOf, REGISTRATION_COLUMNS, type RegistrationRow, toRegistration } from "./registration-row";
import { countShortSearch } from "./short-search-counts";

/**
 * Rows matching the filter, and rows in all. Without a search the counters
 * kept by triggers (registration_counts) answer at once; a search of one or two
 * characters has counters too (registration_gram_counts); a longer one counts through
 * the trigram index on nome_busca.
 */
async function countRegistrations(
  db: Queryable & Pick<Database, "transaction">,
  query: ListFilter,
): Promise<{ total: number; everyone: number }> {
  // The kept counters are per payment status. The other filters count rows,
  // through their own indexes: a receipt's path, a bus, a seat situation.
  const byPayment = query.status === "todos" || query.status === "pendente" || query.status === "confirmado";
  if (query.q.trim() === "" && byPayment && !query.onibus) {
    const [row] = await db.query<{ total: number; everyone: number }>(
      `SELECT coalesce(sum(n) FILTER (WHERE $1 = 'todos' OR (status_pagamento = $1 AND ($1 <> 'pendente' OR situacao = 'vaga'))),
                       0)::int AS total,
              coalesce(sum(n), 0)::int AS everyone
       FROM registration_counts`,
      [query.status],
    );
    return row;
  }
  const short = query.onibus ? null : await countShortSearch(db, query);
  if (short) return short;
  const where = whereClause(query);
  const [row] = await db.query<{ total: number; everyone: number }>(
    `SELECT count(*)::int AS total, (SELECT coalesce(sum(n), 0)::int FROM registration_counts) AS everyone
     FROM registrations ${where.sql}`,
    where.params.values,
  );
  return row;
}

/** One page of the filtered list plus the count over all pages, both in SQL. */
export async function listRegistrations(
  db: Queryable & Pick<Database, "transaction">,
  query: ListFilter & Omit<ListQuery, "onibus">,
): Promise<RegistrationPage> {
  const where = whereClause(query);
  const { total, everyone } = await countRegistrations(db, query);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page past the end (say, after deleting the last row of the last page) shows the last page.
  const page = Math.min(query.page, pageCount);
  const offset = (page - 1) * PAGE_SIZE;
  // OFFSET walks every row it skips, so a page in the far half (the pager's
  // "last page" button) is read from the other end.
  const fromEnd = offset > total / 2;
  const limit = fromEnd ? Math.min(PAGE_SIZE, total - offset) : PAGE_SIZE;
  const skip = fromEnd ? total - offset - limit : offset;
  const order = fromEnd ? SORT_SQL[query.sort].reverse : SORT_SQL[query.sort].orderBy;
  // Walking an index in the list's order reads about (skip + limit) * everyone / total
  // rows to find this page; collecting the matches first and sorting them reads
  // `total`. The planner cannot know `total` for a search and can guess wrong
  // for a rare name (decision 012).
  const collectFirst = total * total < (skip + limit) * everyone;
  const pageSql = `LIMIT ${where.params.add(limit)} OFFSET ${where.params.add(skip)}`;
  // Nothing matched: a short search ("zz") would otherwise read every row a second time.
  const rows =
    total === 0
      ? []
      : await db.query<RegistrationRow>(
          collectFirst
            ? `WITH matching AS MATERIALIZED (SELECT ${REGISTRATION_COLUMNS}, nome_busca FROM registrations ${where.sql})
         SELECT * FROM matching ORDER BY ${order} ${pageSql}`
            : `SELECT ${REGISTRATION_COLUMNS} FROM registrations ${where.sql} ORDER BY ${order} ${pageSql}`,
          where.params.values,
        );
  if (fromEnd) rows.reverse();
  return { items: rows.map(toRegistration), total, page, pageSize: PAGE_SIZE, pageCount };
}

/** The five counters, from the counts kept by triggers (registration_counts). "Pendentes" is seated and owing. */
export async function registrationStats(db: Queryable): Promise<RegistrationStats> {
  const [row] = await db.query<RegistrationStats>(
    `SELECT coalesce(sum(n), 0)::int AS total,
            coalesce(sum(n) FILTER (WHERE status_pagamento = 'pendente' AND situacao = 'vaga'), 0)::int AS pendentes,
            coalesce(sum(n) FILTER (WHERE status_pagamento = 'confirmado'), 0)::int AS confirmados,
            coalesce(sum(n) FILTER (WHERE metodo_pagamento = 'PIX'), 0)::int AS pix,
            coalesce(sum(n) FILTER (WHERE metodo_pagamento = 'ESPECIE'), 0)::int AS especie
     FROM registration_counts`,
  );
  return row;
}

/** What an export needs of a registration, and no more: every column costs decoding time. */
export interface ExportRow {
  id: string;
  nome_completo: string;
  idade: number;
  numero_responsavel: string | null;
  metodo_pagamento: RegistrationRow["metodo_pagamento"];
  status_pagamento: RegistrationRow["status_pagamento"];
  /** What it owes: the price it was made at, or the discount or exemption given (caravana_valor_devido). */
  valor_devido_centavos: number | null;
  /** created_at as the event zone's wall-clock time, in ms since 1970 read as if it were UTC. */
  local_ms: number;
  situacao: RegistrationRow["situacao"];
  onibus_nome: string | null;
  posicao_espera: number | null;
  /** The roll call's last mark per trip (embarques); null when never marked. */
  embarcou_ida: boolean | null;
  embarcou_volta: boolean | null;
  referencia: string | null;
  /** The payment record behind "Pago", when paid: when (event wall-clock ms), who, and from where. */
  pago_local_ms: number | null;
  confirmado_por: string | null;
  origem_pagamento: "painel" | "chamada" | "extrato" | null;
  banco: string | null;
  isento: boolean;
  responsavel_nome: string | null;
  parentesco: Kinship | null;
  autorizacao: boolean;
  /** Added by the coordination as a chaperone ("Acompanhante"). */
  acompanhante: boolean;
  /** Null unless the export asked for health notes. */
  saude: string | null;
}

const boardedOn = (trip: "ida" | "volta") =>
  `(SELECT e.embarcou FROM embarques e WHERE e.inscricao_id = registrations.id AND e.viagem = '${trip}')`;

type ExportBatchRow = Omit<ExportRow, (typeof PAYMENT_FIELDS)[number]> & { cursor_key: string };

/** What the record behind a registration's "Pago" adds to an export row: read for a whole batch at once. */
type PaymentFields = Pick<ExportRow, "pago_local_ms" | "confirmado_por" | "origem_pagamento" | "banco">;
const PAYMENT_FIELDS = ["pago_local_ms", "confirmado_por", "origem_pagamento", "banco"] as const;

/**
 * The last payment record of each paid row of a batch, in one query: a join
 * or a subquery per row in the export's own query made PGlite's memory grow
 * with the batch (docs/performance.md).
 */
async function withPayments(db: Queryable, batch: ExportBatchRow[], zone: string): Promise<ExportRow[]> {
  const paid = batch.filter((r) => r.status_pagamento === "confirmado").map((r) => r.id);
  const found = paid.length
    ? await db.query<PaymentFields & { inscricao_id: string }>(
        `SELECT DISTINCT ON (p.inscricao_id) p.inscricao_id,
                (extract(epoch FROM (p.em AT TIME ZONE $2)) * 1000)::float8 AS pago_local_ms,
                p.registrado_por_nome AS confirmado_por, p.origem AS origem_pagamento, l.banco
         FROM pagamentos p LEFT JOIN extrato_linhas l ON l.id = p.extrato_linha_id
         WHERE p.inscricao_id = ANY($1::uuid[]) AND p.tipo = 'pagamento'
         ORDER BY p.inscricao_id, p.id DESC`,
        [paid, zone],
      )
    : [];
  const byId = new Map(found.map((f) => [f.inscricao_id, f]));
  const none: PaymentFields = { pago_local_ms: null, confirmado_por: null, origem_pagamento: null, banco: null };
  return batch.map((r) => {
    const f = byId.get(r.id);
    return {
      ...r,
      ...(f
        ? {
            pago_local_ms: f.pago_local_ms,
            confirmado_por: f.confirmado_por,
            origem_pagamento: f.origem_pagamento,
            banco: f.banco,
          }
        : none),
    };
  });
}

/** A PGlite batch's tuple, in this order: every field of ExportBatchRow, once (checked below). */
const EXPORT_FIELDS = [
  "id",
  "nome_completo",
  "idade",
  "numero_responsavel",
  "metodo_pagamento",
  "status_pagamento",
  "valor_devido_centavos",
  "local_ms",
  "cursor_key",
  "situacao",
  "onibus_nome",
  "posicao_espera",
  "embarcou_ida",
  "embarcou_volta",
  "referencia",
  "isento",
  "responsavel_nome",
  "parentesco",
  "autorizacao",
  "acompanhante",
  "saude",
] as const satisfies readonly (keyof ExportBatchRow)[];
// Fails to compile when ExportRow gains a field the tuple lacks.
const everyExportField: Exclude<keyof ExportBatchRow, (typeof EXPORT_FIELDS)[number]> extends never ? true : never =
  true;
void everyExportField;

/**
 * One batch in the list's order. PGlite decodes every field of every row in
 * JavaScript, which cost more than the query itself, so there the batch comes
 * back as one JSON value; PostgreSQL's driver is faster with rows, so it gets
 * rows (decision 012). The aggregate sorts again by the list's order, which
 * needs created_at and nome_busca.
 */
async function exportBatch(
  db: Queryable & { kind?: Database["kind"] },
  select: (extraColumns: string) => string,
  orderBy: string,
  params: unknown[],
) {
  if (db.kind !== "pglite") return db.query<ExportBatchRow>(select(""), params);
  const [{ batch }] = await db.query<{ batch: unknown[][] }>(
    `SELECT coalesce(json_agg(json_build_array(${EXPORT_FIELDS.join(", ")}) ORDER BY ${orderBy}), '[]') AS batch
     FROM (${select("created_at, nome_busca,")}) b`,
    params,
  );
  return batch.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < EXPORT_FIELDS.length; i++) row[EXPORT_FIELDS[i]] = values[i];
    return row as unknown as ExportBatchRow;
  });
}

/**
 * Every row matching the filter, in the list's order, fetched in keyset
 * batches: memory stays flat and no transaction is held open while a slow
 * client downloads.
 */
export async function* exportRegistrations(
  db: Queryable & { kind?: Database["kind"] },
  filter: ListFilter & Pick<ListQuery, "sort">,
  /** The event's zone (a setting): the sheet's dates are its wall-clock times. */
  timeZone: string,
  batchSize = 5000,
  /** Health notes are sensitive: in the file only when the coordinator asks for them. */
  withHealth = false,
): AsyncGenerator<ExportRow[]> {
  const sort = SORT_SQL[filter.sort];
  let cursor: [string, string] | null = null;
  for (;;) {
    const where = whereClause(filter);
    const params = where.params;
    const conditions: string[] = where.sql ? [where.sql.replace(/^WHERE /, "")] : [];
    if (cursor) conditions.push(sort.after(params.add(cursor[0]), params.add(cursor[1])));
    const zone = params.add(timeZone);
    const limit = params.add(batchSize);
    const health = params.add(withHealth);
    const select = (extraColumns: string) => `WITH fila AS (
              SELECT id, row_number() OVER (ORDER BY ordem_espera)::int AS pos FROM registrations WHERE situacao = 'espera')
       SELECT id, nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento,
              caravana_valor_devido(registrations) AS valor_devido_centavos, ${extraColumns}
              situacao, ${busNameOf("onibus_id")} AS onibus_nome, fila.pos AS posicao_espera,
              ${boardedOn("ida")} AS embarcou_ida, ${boardedOn("volta")} AS embarcou_volta,
              (extract(epoch FROM (created_at AT TIME ZONE ${zone})) * 1000)::float8 AS local_ms,
              ${sort.key} AS cursor_key, referencia,
              caravana_isento(registrations) AS isento,
              responsavel_nome, parentesco, autorizacao_recebida_em IS NOT NULL AS autorizacao, acompanhante,
              CASE WHEN ${health}::boolean THEN saude END AS saude
       FROM registrations LEFT JOIN fila USING (id) ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}
       ORDER BY ${sort.orderBy} LIMIT ${limit}`;
    const batch = await exportBatch(db, select, sort.orderBy, params.values);
    if (batch.length === 0) return;
    yield await withPayments(db, batch, timeZone);
    if (batch.length < batchSize) return;
    // PGlite answers within microtasks; without a turn of the event loop here
    // a long export would hold up every other request and the socket itself.
    await nextTurn();
    const last = batch[batch.length - 1];
    cursor = [last.cursor_key, last.id];
  }
}
