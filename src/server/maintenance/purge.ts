import type { Database, Queryable } from "../db/database";
import { setFlag } from "../db/transaction-flags";
import { NAME_PARTICLES } from "../../shared/fold";

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

export interface PurgeResult {
  registrations: number;
  receipts: number;
  logEntries: number;
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
async function anonymiseLog(tx: Queryable, names: Map<string, string>, period?: LogPeriod): Promise<number> {
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

/**
 * The money's records keep amounts, dates and methods for the accounts; the
 * names in them become initials, statement lines lose payer and description,
 * and lines that paid nobody are deleted (docs/decisions/036).
 */
async function purgeMoneyRecords(tx: Queryable, names: Map<string, string>): Promise<void> {
  for (const table of ["pagamentos", "reembolsos"]) {
    const rows = await tx.query<{ id: string; nome: string }>(
      `SELECT id::text, nome FROM ${table} WHERE nome IS NOT NULL AND nome LIKE '% %'`,
    );
    for (const row of rows) {
      const short = names.get(row.nome) ?? initials(row.nome);
      names.set(row.nome, short);
      await tx.query(`UPDATE ${table} SET nome = $2 WHERE id = $1::bigint`, [row.id, short]);
    }
  }
  await tx.query(
    `DELETE FROM extrato_linhas l WHERE l.estado IN ('sem_correspondencia', 'sugerida', 'ignorada')
       AND NOT EXISTS (SELECT 1 FROM pagamentos p WHERE p.extrato_linha_id = l.id)
       AND NOT EXISTS (SELECT 1 FROM reembolsos r WHERE r.extrato_linha_id = l.id)`,
  );
  await tx.query("UPDATE extrato_linhas SET descricao = NULL, pagador = NULL, sugestoes = '{}'");
  await anonymiseStatementLog(tx);
}

/** The log's statement entries end with the payer's name: it goes, the date and amount stay. */
async function anonymiseStatementLog(tx: Queryable, period?: LogPeriod): Promise<void> {
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

/** A closed edition whose list is still kept (docs/decisions/038). */
export interface KeptEdition {
  id: number;
  aberta_em: Date | string;
  encerrada_em: Date | string;
}

/**
 * The end of a closed edition's personal data: its kept list goes, and its
 * stretch of the log keeps initials only. Logged by edicoes_log.
 */
export async function purgeEditionData(tx: Queryable, edition: KeptEdition): Promise<void> {
  const kept = await tx.query<{ nome: string }>(
    "SELECT linha ->> 'nome_completo' AS nome FROM edicao_inscricoes WHERE edicao_id = $1",
    [edition.id],
  );
  await anonymiseEditionLog(
    tx,
    kept.map((k) => k.nome),
    { from: edition.aberta_em, to: edition.encerrada_em },
  );
  await tx.query("DELETE FROM edicao_inscricoes WHERE edicao_id = $1", [edition.id]);
  await tx.query("UPDATE edicoes SET dados_apagados_em = now(), dados_ate = NULL WHERE id = $1", [edition.id]);
}

/**
 * Removes the personal data of an ended event: names become initials, phones
 * and receipts are deleted, in the registrations and in the activity log;
 * ages, payment data and dates stay, so the counts hold.
 * Rows already anonymised are left alone, so running it twice changes nothing.
 */
export async function purgePersonalData(db: Database): Promise<PurgeResult> {
  return db.transaction(async (tx) => {
    // The purge rewrites the log itself; its own updates are not new entries (caravana_logging).
    await setFlag(tx, "caravana.purging", "on");
    const rows = await tx.query<{ id: string; nome_completo: string }>(
      "SELECT id, nome_completo FROM registrations WHERE anonimizado_em IS NULL FOR UPDATE",
    );
    const names = new Map(rows.map((r) => [r.nome_completo, initials(r.nome_completo)]));
    const [{ n: receipts }] = await tx.query<{ n: number }>(
      "WITH gone AS (DELETE FROM receipts RETURNING 1) SELECT count(*)::int AS n FROM gone",
    );
    await tx.query("DELETE FROM receipt_uploads");
    for (const row of rows) {
      await tx.query(
        `UPDATE registrations
         SET nome_completo = $2, numero_responsavel = NULL, comprovante_path = NULL, upload_token_hash = NULL,
             idempotency_key = NULL, nome_pagador = NULL, responsavel_nome = NULL, parentesco = NULL, saude = NULL,
             anonimizado_em = now(), updated_at = now()
         WHERE id = $1`,
        [row.id, initials(row.nome_completo)],
      );
    }
    await purgeMoneyRecords(tx, names);
    const logEntries = await anonymiseLog(tx, names);
    // Earlier editions' lists kept read-only go too.
    const kept = await tx.query<KeptEdition>(
      `SELECT id, aberta_em, encerrada_em FROM edicoes
       WHERE encerrada_em IS NOT NULL AND dados_apagados_em IS NULL FOR UPDATE`,
    );
    for (const edition of kept) await purgeEditionData(tx, edition);
    // Admin sessions hold no personal data, but nobody needs them after the event either.
    await tx.query("DELETE FROM admin_sessions");
    return { registrations: rows.length, receipts, logEntries };
  });
}
