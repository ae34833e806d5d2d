import type { ListQuery, StatusFilter } from "../../shared/admin-api";
import type { Database, Queryable } from "../db/database";
import { likeEscaped, nameContains } from "./registration-filter";

/**
 * Exact counts for searches of one or two characters, which the trigram index
 * cannot serve: counters per substring (registration_gram_counts) plus the
 * log of changes not folded into them yet (registration_gram_log, docs/schema.md).
 */

/** A search this short is counted from the counters. */
export const SHORT_TERM_MAX = 2;
/** Past this many log lines a short search folds the log first, so its scan of the log stays small. */
export const FOLD_AT_LINES = 1000;
/** Lines folded per transaction: bounds the time one request spends folding (decision 012). */
export const FOLD_BATCH_LINES = 10_000;

/** The distinct substrings of one and two characters (code points, as in SQL) that hold no space. */
export function shortGrams(name: string): Set<string> {
  const chars = Array.from(name);
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === " ") continue;
    grams.add(chars[i]);
    if (i + 1 < chars.length && chars[i + 1] !== " ") grams.add(chars[i] + chars[i + 1]);
  }
  return grams;
}

type LogLine = [nomeBusca: string, status: string, comComprovante: boolean, delta: number];

/**
 * Moves up to `maxLines` lines of the log into the counters, in one
 * transaction; returns how many moved. A line taken by a concurrent fold is
 * skipped by this one (its DELETE finds it gone), so none counts twice.
 */
export async function foldGramLog(db: Pick<Database, "transaction">, maxLines = FOLD_BATCH_LINES): Promise<number> {
  return db.transaction(async (tx) => {
    // One JSON value: PGlite decodes rows field by field in JavaScript, which costs more than the fold.
    const [{ lines }] = await tx.query<{ lines: LogLine[] | null }>(
      `WITH moved AS (
         DELETE FROM registration_gram_log
         WHERE ctid = ANY (ARRAY(SELECT ctid FROM registration_gram_log LIMIT $1))
         RETURNING nome_busca, status_pagamento, com_comprovante, delta
       )
       SELECT json_agg(json_build_array(nome_busca, status_pagamento, com_comprovante, delta)) AS lines FROM moved`,
      [maxLines],
    );
    if (!lines) return 0;
    const deltas = new Map<string, [gram: string, status: string, comComprovante: boolean, delta: number]>();
    for (const [name, status, comComprovante, delta] of lines) {
      for (const gram of shortGrams(name)) {
        const key = `${gram}\u0000${status}\u0000${comComprovante}`;
        const entry = deltas.get(key);
        if (entry) entry[3] += delta;
        else deltas.set(key, [gram, status, comComprovante, delta]);
      }
    }
    const changed = [...deltas.values()].filter((d) => d[3] !== 0);
    if (changed.length) {
      // Key order: two folds never wait on each other's counters crosswise.
      await tx.query(
        `INSERT INTO registration_gram_counts AS c (gram, status_pagamento, com_comprovante, n)
         SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::bigint[]) ORDER BY 1, 2, 3
         ON CONFLICT (gram, status_pagamento, com_comprovante) DO UPDATE SET n = c.n + excluded.n`,
        [changed.map((d) => d[0]), changed.map((d) => d[1]), changed.map((d) => d[2]), changed.map((d) => d[3])],
      );
    }
    return lines.length;
  });
}

/** The filters the gram counters are kept for; the others count rows through their own indexes. */
// Not "pendente": it is seated and owing, and these counters know no place.
export const COUNTED_STATUSES: readonly StatusFilter[] = ["todos", "confirmado", "com_comprovante"];

/**
 * Rows matching a search of one or two characters and the status filter,
 * and rows in all; null when the term is longer (or folds to longer), or the
 * filter has no counters.
 */
export async function countShortSearch(
  db: Queryable & Pick<Database, "transaction">,
  filter: Pick<ListQuery, "q" | "status">,
): Promise<{ total: number; everyone: number } | null> {
  const q = filter.q.trim();
  if (q === "" || Array.from(q).length > SHORT_TERM_MAX || !COUNTED_STATUSES.includes(filter.status)) return null;
  const params: unknown[] = [q, likeEscaped(q)];
  let status = "true";
  if (filter.status === "com_comprovante") status = "com_comprovante";
  else if (filter.status !== "todos") {
    params.push(filter.status);
    status = "status_pagamento = $3";
  }
  for (let folded = false; ; folded = true) {
    const [row] = await db.query<{ short: boolean; total: number; everyone: number; lines: number }>(
      `SELECT char_length(caravana_fold($1)) <= ${SHORT_TERM_MAX} AS short,
              (coalesce((SELECT sum(n) FROM registration_gram_counts WHERE gram = caravana_fold($1) AND ${status}), 0)
                + coalesce(log.matching, 0))::int AS total,
              log.lines,
              (SELECT coalesce(sum(n), 0)::int FROM registration_counts) AS everyone
       FROM (SELECT sum(delta) FILTER (WHERE ${nameContains("$2")} AND ${status}) AS matching, count(*)::int AS lines
             FROM registration_gram_log) AS log`,
      params,
    );
    if (!row.short) return null;
    if (folded || row.lines <= FOLD_AT_LINES) return { total: row.total, everyone: row.everyone };
    await foldGramLog(db);
  }
}
