import type { Database, Queryable } from "../db/database";
import { setFlag } from "../db/transaction-flags";
import { anonymiseLog, anonymiseStatementLog, initials } from "../activity/anonymise-log";

export interface PurgeResult {
  registrations: number;
  receipts: number;
  logEntries: number;
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
  await tx.query(
    "UPDATE extrato_linhas SET descricao = NULL, pagador = NULL, pagador_escrito = NULL, sugestoes = '{}'",
  );
  await anonymiseStatementLog(tx);
}

/**
 * Removes the personal data of an ended event: names become initials, phones
 * and receipts are deleted, in the registrations and in the activity log;
 * ages, payment data and dates stay, so the counts hold.
 * Rows already anonymised are left alone, so running it twice changes nothing.
 * `purgeKept` takes earlier editions' kept lists in the same transaction (`npm run purge` passes
 * purgeKeptLists: editions sit above maintenance, which the close's backup uses).
 */
export async function purgePersonalData(
  db: Database,
  purgeKept?: (tx: Queryable) => Promise<unknown>,
): Promise<PurgeResult> {
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
    // The personal links ("Minha inscrição") go with the data they open, and so do the phones' notices.
    await tx.query("DELETE FROM inscricao_acessos");
    await tx.query("DELETE FROM aviso_assinaturas");
    await tx.query("DELETE FROM aviso_lembretes");
    // The message lists hold phone numbers and whom each was sent to.
    await tx.query("DELETE FROM mensagem_listas");
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
    // Earlier editions' lists kept read-only go too (editions/edition-purge.ts).
    await purgeKept?.(tx);
    // Admin sessions hold no personal data, but nobody needs them after the event either.
    await tx.query("DELETE FROM admin_sessions");
    return { registrations: rows.length, receipts, logEntries };
  });
}
