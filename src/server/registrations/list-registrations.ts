import { setImmediate as nextTurn } from "node:timers/promises";
import type { ListQuery, RegistrationPage, RegistrationStats } from "../../shared/admin-api";
import { PAGE_SIZE } from "../../shared/constants";
import type { Queryable } from "../db/database";
import { SORT_SQL, whereClause } from "./registration-filter";
import { REGISTRATION_COLUMNS, type RegistrationRow, toRegistration } from "./registration-row";

/** One page of the filtered list plus the count over all pages, both in SQL. */
export async function listRegistrations(db: Queryable, query: ListQuery): Promise<RegistrationPage> {
  const where = whereClause(query);
  const [{ total }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM registrations ${where.sql}`,
    where.params,
  );
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page past the end (say, after deleting the last row of the last page) shows the last page.
  const page = Math.min(query.page, pageCount);
  const n = where.params.length;
  const rows = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations ${where.sql}
     ORDER BY ${SORT_SQL[query.sort].orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...where.params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
  );
  return { items: rows.map(toRegistration), total, page, pageSize: PAGE_SIZE, pageCount };
}

/** The five counters, over every registration, in one pass. */
export async function registrationStats(db: Queryable): Promise<RegistrationStats> {
  const [row] = await db.query<RegistrationStats>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status_pagamento = 'pendente')::int AS pendentes,
            count(*) FILTER (WHERE status_pagamento = 'confirmado')::int AS confirmados,
            count(*) FILTER (WHERE metodo_pagamento = 'PIX')::int AS pix,
            count(*) FILTER (WHERE metodo_pagamento = 'ESPECIE')::int AS especie
     FROM registrations`,
  );
  return row;
}

export interface ExportRow extends RegistrationRow {
  /** created_at as Brazil's wall-clock time, in ms since 1970 read as if it were UTC. */
  local_ms: number;
}

export const EXPORT_TIME_ZONE = "America/Fortaleza";

/**
 * Every row matching the filter, in the list's order, fetched in keyset
 * batches: memory stays flat and no transaction is held open while a slow
 * client downloads.
 */
export async function* exportRegistrations(
  db: Queryable,
  filter: Pick<ListQuery, "q" | "status" | "sort">,
  batchSize = 1000,
): AsyncGenerator<ExportRow[]> {
  const where = whereClause(filter);
  const sort = SORT_SQL[filter.sort];
  let cursor: [string, string] | null = null;
  for (;;) {
    const params: unknown[] = [...where.params, EXPORT_TIME_ZONE, batchSize];
    const conditions: string[] = where.sql ? [where.sql.replace(/^WHERE /, "")] : [];
    if (cursor) {
      params.push(cursor[0], cursor[1]);
      conditions.push(sort.after(`$${params.length - 1}`, `$${params.length}`));
    }
    const tz = where.params.length + 1;
    const rows: (ExportRow & { cursor_key: string })[] = await db.query(
      `SELECT ${REGISTRATION_COLUMNS},
              (extract(epoch FROM (created_at AT TIME ZONE $${tz})) * 1000)::float8 AS local_ms,
              ${sort.key} AS cursor_key
       FROM registrations ${conditions.length ? `WHERE ${conditions.join(" AND ")}` : ""}
       ORDER BY ${sort.orderBy} LIMIT $${tz + 1}`,
      params,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    // PGlite answers within microtasks; without a turn of the event loop here
    // a long export would hold up every other request and the socket itself.
    await nextTurn();
    const last = rows[rows.length - 1];
    cursor = [last.cursor_key, last.id];
  }
}
