import type { Database, Queryable } from "../db/database";
import { setFlag } from "../db/transaction-flags";
import { anonymiseLog, anonymiseStatementLog, initials } from "../activity/anonymise-log";

/**
 * Emptied by the purge, children first: the personal links ("Minha inscrição")
 * go with the data they open, and so do the phones' notices; the message lists
 * hold phone numbers and whom each was sent to; sessions are not needed after
 * the event.
 */
export const PURGE_DELETES = [
  "receipt_uploads",
  "inscricao_acessos",
  "aviso_fila",
  "aviso_inscricoes",
  "aviso_assinaturas",
  "aviso_lembretes",
  "mensagem_linhas",
  "mensagem_listas",
  "admin_sessions",
] as const;

/** What the purge does with every other table; test/api/table-lists.test.ts checks the two against the schema. */
export const PURGE_OTHERS: Record<string, string> = {
  registrations: "names to initials; phones, guardian, health notes and tokens cleared; ages, seats and payment stay",
  receipts: "deleted, and counted in the summary",
  activity_log: "names to initials, phones out (anonymiseLog)",
  pagamentos: "payer names to initials; amounts stay",
  reembolsos: "names to initials; amounts stay",
  extrato_linhas: "lines that paid nobody deleted; payer and description cleared",
  edicao_inscricoes: "earlier editions' kept lists, purged with them (purgeKept)",
  extrato_importacoes: "file names and counts: no person",
  entregas_dinheiro: "cash between team members: no family",
  despesas: "the group's expenses: no family",
  admin_users: "the team, kept",
  app_settings: "the server's keys",
  event_settings: "the settings",
  form_settings: "the form's switch",
  edicoes: "the editions' names and totals",
  extrato_colunas: "a bank's CSV columns",
  mensagem_textos: "the coordination's texts",
  onibus: "the buses and their leaders, who are the team's",
  referencias_usadas: "codes only, never given twice",
  embarques: "the roll call's marks, tied to the registrations",
  login_attempts: "recent tries by address, kept minutes",
  rate_limit_buckets: "the limits' counters",
  registration_counts: "totals, no names",
  registration_duplicates: "ids only",
  registration_gram_counts: "counts of letter pairs, kept by triggers",
  registration_gram_log: "letter pairs, folded by triggers",
  waiting_count: "a count",
  schema_definitions: "the database's own",
  schema_migrations: "the database's own",
};

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
    for (const table of PURGE_DELETES) await tx.query(`DELETE FROM ${table}`);
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
    return { registrations: rows.length, receipts, logEntries };
  });
}
