import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { Database, Queryable } from "../db/database";
import { encryptingStream } from "./backup-cipher";

/**
 * Backup file: gzip of JSON lines. First a header, then one line per row:
 * {"t": table, "r": row-as-json}. Rows are serialised by PostgreSQL itself
 * (to_jsonb; bytea becomes "\\x…" hex) and read back with json_populate_record,
 * so every column type round-trips on PGlite and PostgreSQL alike.
 */
export const BACKUP_FORMAT = "caravana-backup";
export const BACKUP_VERSION = 1;

/**
 * In restore order (parents before children). Every other table is in
 * NOT_BACKED_UP with its reason; test/api/table-lists.test.ts checks both
 * against the schema, so a new table needs a decision here.
 */
export const BACKUP_TABLES = [
  "form_settings",
  "app_settings",
  "event_settings",
  "admin_users",
  "onibus",
  "registrations",
  "inscricao_acessos",
  "mensagem_textos",
  "mensagem_listas",
  "mensagem_linhas",
  "receipts",
  "embarques",
  "activity_log",
  "extrato_colunas",
  "extrato_importacoes",
  "extrato_linhas",
  "pagamentos",
  "entregas_dinheiro",
  "reembolsos",
  "despesas",
  "edicoes",
  "edicao_inscricoes",
  "referencias_usadas",
] as const;

/** The tables a backup leaves out, and why. */
export const NOT_BACKED_UP: Record<string, string> = {
  admin_sessions: "sessions are not data: people log in again",
  login_attempts: "the login throttle's recent tries",
  rate_limit_buckets: "the limits' counters, refilled by time",
  receipt_uploads: "the times of recent uploads, for the daily limit",
  registration_counts: "totals kept by triggers as the registrations come back",
  registration_duplicates: "marks kept by triggers as the registrations come back",
  registration_gram_counts: "search counts kept by triggers as the registrations come back",
  registration_gram_log: "the search counts' log, folded into registration_gram_counts",
  waiting_count: "kept by triggers as the registrations come back",
  schema_definitions: "what this database applied, written at its own start",
  schema_migrations: "what this database applied, written by its own migrations",
  aviso_assinaturas: "a phone's push subscription: the phone confirms it again when Minha inscrição opens",
  aviso_inscricoes: "goes with aviso_assinaturas",
  aviso_fila: "notices still to post: a restored caravana does not resend an old day's news",
  aviso_lembretes: "the reminders already queued, which went with the notices",
};

const BATCH = 200;

export async function storedColumns(db: Queryable, table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** The primary key's columns and types, in the key's order: each page starts after the last row's key. */
async function pageKey(db: Queryable, table: string): Promise<{ name: string; type: string }[]> {
  const rows = await db.query<{ attname: string; type: string }>(
    `SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [table],
  );
  return rows.map((r) => ({ name: `"${r.attname}"`, type: r.type }));
}

export async function primaryKey(db: Queryable, table: string): Promise<string> {
  const [row] = await db.query<{ attname: string }>(
    `SELECT a.attname FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisprimary`,
    [table],
  );
  return row.attname;
}

/** The open edition, which a backup names in its header so a restore can tell an older one. */
export async function currentEdition(db: Queryable): Promise<{ id: number; nome: string | null }> {
  const [row] = await db.query<{ id: number; nome: string | null }>(
    `SELECT e.id, coalesce((SELECT valor #>> '{}' FROM event_settings WHERE chave = 'titulo'), e.nome) AS nome
     FROM edicoes e WHERE e.encerrada_em IS NULL`,
  );
  return row;
}

export interface BackupSummary {
  file: string;
  rows: Record<string, number>;
}

/**
 * Writes a consistent snapshot (one REPEATABLE READ transaction) of every
 * table to one file; with a passphrase, encrypted (backup-cipher.ts). The file
 * holds the team's password hashes: keep it as safe as the database.
 */
export async function backupTo(db: Database, file: string, passphrase?: string): Promise<BackupSummary> {
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  const done = passphrase ? pipeline(gzip, await encryptingStream(passphrase), out) : pipeline(gzip, out);
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, "drain");
  };
  const rows: Record<string, number> = {};
  await db.transaction(async (tx) => {
    await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const migrations = await tx.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version");
    await write({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      migrations: migrations.map((m) => m.version),
      edicao: await currentEdition(tx),
    });
    for (const table of BACKUP_TABLES) {
      const cols = await storedColumns(tx, table);
      const key = await pageKey(tx, table);
      const list = cols.map((c) => `"${c}"`).join(", ");
      const keyList = key.map((k) => k.name).join(", ");
      // Keyset batches by the primary key itself, so each page is an index range: a table of receipts
      // never sits in memory at once, and a large log takes time in proportion to its rows (decision 039).
      const after = `WHERE (${keyList}) > (${key.map((k, i) => `$${i + 1}::${k.type}`).join(", ")})`;
      const keyText = key.map((k, i) => `${k.name}::text AS k${i}`).join(", ");
      rows[table] = 0;
      let last: string[] | null = null;
      for (;;) {
        const batch: Record<string, unknown>[] = await tx.query(
          `SELECT ${keyText}, to_jsonb(x) AS j FROM (SELECT ${list} FROM ${table}) x
           ${last ? after : ""} ORDER BY ${keyList} LIMIT ${BATCH}`,
          last ?? [],
        );
        for (const r of batch) await write({ t: table, r: r.j });
        rows[table] += batch.length;
        if (batch.length < BATCH) break;
        const end = batch[batch.length - 1];
        last = key.map((_, i) => end[`k${i}`] as string);
      }
    }
  });
  gzip.end();
  await done;
  return { file, rows };
}
