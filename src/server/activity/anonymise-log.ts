import { NAME_PARTICLES } from "../../shared/fold";
import type { Queryable } from "../db/database";

// The activity log without people's names: initials instead, no phones, no payer on statement entries.
// Used by `npm run purge` (maintenance/purge.ts) and by an edition's end (editions/edition-purge.ts).

/** "Maria da Silva" → "M. S." */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    // Particles do not become initials ("Maria da Silva" → "M. S.").
    .filter((w) => w && !NAME_PARTICLES.has(w.toLowerCase()))
    // The first letter of each word; words with no letter (symbols, emoji) give none.
    .map((w) => /\p{L}/u.exec(w.normalize("NFC"))?.[0].toLocaleUpperCase("pt-BR"))
    .filter(Boolean);
  return letters.length ? `${letters.join(". ")}.` : "?";
}

/** A registration's values in the log, as the purge leaves them: initials, no phone. */
function anonymousValues(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!values) return values;
  const { numero_responsavel: _phone, ...rest } = values;
  if (typeof rest.nome_completo === "string") rest.nome_completo = initials(rest.nome_completo);
  return rest;
}

/** An edition's stretch of the log: from its opening to its close. Absent: the whole log. */
export interface LogPeriod {
  from: Date | string;
  to: Date | string;
}
const IN_PERIOD = "($1::timestamptz IS NULL OR (em >= $1::timestamptz AND em < $2::timestamptz))";
const periodParams = (period?: LogPeriod) => [period?.from ?? null, period?.to ?? null];

/**
 * The log's entries about registrations: every name they carry (in the
 * summary and in the values) becomes initials, and phones go.
 */
export async function anonymiseLog(tx: Queryable, names: Map<string, string>, period?: LogPeriod): Promise<number> {
  const rows = await tx.query<{
    id: string;
    resumo: string;
    antes: Record<string, unknown> | null;
    depois: Record<string, unknown> | null;
  }>(
    `SELECT id::text, resumo, antes, depois FROM activity_log
     WHERE inscricao_id IS NOT NULL AND ${IN_PERIOD} FOR UPDATE`,
    periodParams(period),
  );
  for (const row of rows) {
    for (const v of [row.antes, row.depois]) {
      if (typeof v?.nome_completo === "string") names.set(v.nome_completo, initials(v.nome_completo));
    }
  }
  // Longest first, so "Ana Maria Souza" is replaced before "Ana Maria".
  const byLength = [...names.entries()].sort((a, b) => b[0].length - a[0].length);
  for (const row of rows) {
    const resumo = byLength.reduce((text, [name, short]) => text.replaceAll(name, short), row.resumo);
    await tx.query("UPDATE activity_log SET resumo = $2, antes = $3, depois = $4 WHERE id = $1::bigint", [
      row.id,
      resumo,
      JSON.stringify(anonymousValues(row.antes)),
      JSON.stringify(anonymousValues(row.depois)),
    ]);
  }
  return rows.length;
}

/** The log's statement entries end with the payer's name: it goes, the date and amount stay. */
export async function anonymiseStatementLog(tx: Queryable, period?: LogPeriod): Promise<void> {
  await tx.query(
    `UPDATE activity_log SET resumo = regexp_replace(resumo, '(R\\$ [0-9.,]+), .*$', '\\1'), depois = depois - 'pagador'
     WHERE tipo IN ('pagamento.extrato', 'financeiro.extrato_ignorada') AND ${IN_PERIOD}`,
    periodParams(period),
  );
}

/** An edition's stretch of the log with initials for these names, and its statement entries without the payer. */
export async function anonymiseEditionLog(tx: Queryable, names: string[], period: LogPeriod): Promise<void> {
  await anonymiseLog(tx, new Map(names.map((n) => [n, initials(n)])), period);
  await anonymiseStatementLog(tx, period);
}
