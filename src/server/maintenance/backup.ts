import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Database, Queryable } from "../db/database";
import { CIPHER_MESSAGES, decryptingStream, encryptingStream, isEncrypted } from "./backup-cipher";
import { setFlag } from "../db/transaction-flags";

/**
 * Backup file: gzip of JSON lines. First a header, then one line per row:
 * {"t": table, "r": row-as-json}. Rows are serialised by PostgreSQL itself
 * (to_jsonb; bytea becomes "\\x…" hex) and read back with json_populate_record,
 * so every column type round-trips on PGlite and PostgreSQL alike.
 */
export const BACKUP_FORMAT = "caravana-backup";
export const BACKUP_VERSION = 1;

/** In restore order (parents before children). Sessions are left out: they are not data. */
export const BACKUP_TABLES = [
  "form_settings",
  "app_settings",
  "event_settings",
  "admin_users",
  "onibus",
  "registrations",
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

const BATCH = 200;

async function storedColumns(db: Queryable, table: string): Promise<string[]> {
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

async function primaryKey(db: Queryable, table: string): Promise<string> {
  const [row] = await db.query<{ attname: string }>(
    `SELECT a.attname FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisprimary`,
    [table],
  );
  return row.attname;
}

/** The open edition, which a backup names in its header so a restore can tell an older one. */
async function currentEdition(db: Queryable): Promise<{ id: number; nome: string | null }> {
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

export class RestoreError extends Error {}

/**
 * The backup's lines, read only as the loop asks for them. readline was used
 * before: it emits lines as soon as the file flows, so the ones sent during
 * BEGIN's round trip were lost, and a small backup could end unseen, leaving
 * the restore waiting forever with its transaction open.
 */
async function* gunzipLines(file: string, passphrase?: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const encrypted = await isEncrypted(file);
  if (encrypted && !passphrase) throw new RestoreError(CIPHER_MESSAGES.needsPhrase);
  const source: NodeJS.ReadableStream =
    encrypted && passphrase
      ? await decryptingStream(file, passphrase, () => new RestoreError(CIPHER_MESSAGES.wrongPhrase))
      : createReadStream(file);
  source
    .on("error", (err) => gunzip.destroy(err))
    .pipe(gunzip)
    .setEncoding("utf8");
  // The start of a line that has not ended yet, in pieces: each chunk is searched once for "\n",
  // so a file of one huge line costs its length, not its length squared.
  let pending: string[] = [];
  let pendingLength = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      let from = 0;
      for (let end = chunk.indexOf("\n"); end !== -1; end = chunk.indexOf("\n", from)) {
        pending.push(chunk.slice(from, end));
        yield pending.join("");
        pending = [];
        pendingLength = 0;
        from = end + 1;
      }
      pending.push(chunk.slice(from));
      pendingLength += chunk.length - from;
      if (pendingLength > MAX_LINE_CHARS) {
        gunzip.destroy();
        throw new RestoreError(TOO_LONG);
      }
    }
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    const code = (err as { code?: string }).code;
    if (code !== "Z_DATA_ERROR" && code !== "Z_BUF_ERROR") throw err;
    // A wrong phrase yields noise, which gunzip refuses before the tag is checked.
    throw new RestoreError(
      encrypted ? CIPHER_MESSAGES.wrongPhrase : "O arquivo não é um backup válido: não é gzip ou está incompleto.",
    );
  }
  if (pendingLength) yield pending.join("");
}

/** A row with a receipt or an expense's file (5 MB, twice that in hex) fits with room to spare. */
const MAX_LINE_CHARS = 16 * 1024 * 1024;
const TOO_LONG = "O arquivo não é um backup válido: tem uma linha longa demais.";
/** A row's JSON is an object of columns, some of them small JSON documents: never this deep. */
const MAX_DEPTH = 32;

/** How deeply a JSON text nests, counted in one pass (JSON.parse overflows the stack on deep input). */
function nestingTooDeep(line: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function parseLine(
  line: string,
  lineNumber: number,
): { format?: unknown; version?: unknown; t?: unknown; r?: unknown; edicao?: unknown } {
  const unreadable = () =>
    new RestoreError(`O arquivo não é um backup válido: a linha ${lineNumber} não pôde ser lida.`);
  if (nestingTooDeep(line)) throw unreadable();
  try {
    const value = JSON.parse(line);
    if (!value || typeof value !== "object" || Array.isArray(value)) throw unreadable();
    return value;
  } catch {
    throw unreadable();
  }
}

interface BackupHeader {
  /** Absent in backups made before editions: those are of edition one. */
  edicao?: { id: number; nome: string | null };
}

/**
 * A backup of an edition already closed here would bring last year's people
 * back into this year's lists: it goes into a new database instead.
 */
async function refuseOlderEdition(db: Queryable, header: BackupHeader): Promise<void> {
  const from = header.edicao ?? { id: 1, nome: null };
  const here = await currentEdition(db);
  if (here.id > from.id)
    throw new RestoreError(
      `Este backup é da edição ${from.nome ? `“${from.nome}”` : from.id}, anterior à edição atual deste banco ` +
        `(“${here.nome ?? here.id}”). Restaure-o em um banco novo (outro DATA_DIR ou DATABASE_URL).`,
    );
  // The header is the file's word, not a fact: whatever it claims, closed editions are never overwritten.
  const [closed] = await db.query("SELECT 1 FROM edicoes WHERE encerrada_em IS NOT NULL LIMIT 1");
  if (closed)
    throw new RestoreError(
      "Este banco já tem edições encerradas. Restaure o backup em um banco novo (outro DATA_DIR ou DATABASE_URL).",
    );
}

/** The header's edition, read as data: anything but a positive id and a short name is no backup of ours. */
function headerEdition(value: unknown): BackupHeader["edicao"] {
  if (value === undefined) return undefined;
  const e = value as { id?: unknown; nome?: unknown };
  const idOk = Number.isSafeInteger(e?.id) && (e.id as number) > 0;
  const nomeOk = e?.nome === null || (typeof e?.nome === "string" && e.nome.length <= 100);
  if (!idOk || !nomeOk) throw new RestoreError("O cabeçalho do backup está corrompido.");
  return { id: e.id as number, nome: e.nome as string | null };
}

/** Loads a backup into an empty database (migrated to the same version or later). */
export async function restoreFrom(db: Database, file: string, passphrase?: string): Promise<Record<string, number>> {
  const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations");
  if (n > 0) throw new RestoreError(`O banco de destino já tem ${n} inscrições. Restaure em um banco vazio.`);

  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    // Rows come back as they were: no seat is given or taken while half of them are in (caravana_settle_seats).
    await setFlag(tx, "caravana.restoring", "on");
    const columns = new Map<string, string[]>();
    let header = false;
    let lineNumber = 0;
    for await (const line of gunzipLines(file, passphrase)) {
      lineNumber++;
      if (!line) continue;
      const item = parseLine(line, lineNumber);
      if (!header) {
        if (item.format !== BACKUP_FORMAT || item.version !== BACKUP_VERSION) {
          throw new RestoreError("Este arquivo não é um backup da Caravana (ou é de uma versão desconhecida).");
        }
        await refuseOlderEdition(tx, { edicao: headerEdition(item.edicao) });
        header = true;
        continue;
      }
      const table = item.t as string;
      if (!(BACKUP_TABLES as readonly string[]).includes(table))
        throw new RestoreError(`Tabela desconhecida no backup: ${table}`);
      if (!columns.has(table)) columns.set(table, await storedColumns(tx, table));
      // A column the backup does not have (it was made before the column existed) takes its default.
      const row = (item.r ?? {}) as Record<string, unknown>;
      const list = columns
        .get(table)!
        .filter((c) => Object.hasOwn(row, c))
        .map((c) => `"${c}"`)
        .join(", ");
      // The one settings row already exists after migrations: overwrite it.
      const conflict = ["form_settings", "app_settings", "event_settings", "admin_users", "edicoes"].includes(table)
        ? `ON CONFLICT (${await primaryKey(tx, table)}) DO UPDATE SET (${list}) = ROW(${list
            .split(", ")
            .map((c) => `EXCLUDED.${c}`)
            .join(", ")})`
        : "";
      await tx.query(
        `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_record(null::${table}, $1::json) ${conflict}`,
        [JSON.stringify(item.r)],
      );
      counts[table] = (counts[table] ?? 0) + 1;
    }
    if (!header) throw new RestoreError("Arquivo de backup vazio.");
    // Whoever joins the waiting list next goes after those restored.
    await tx.query(
      "SELECT setval('registrations_espera_seq', coalesce((SELECT max(ordem_espera) FROM registrations), 0) + 1, false)",
    );
    // Restored people and log entries keep their ids; the next ones go after them.
    for (const table of [
      "edicoes",
      "admin_users",
      "activity_log",
      "extrato_importacoes",
      "extrato_linhas",
      "pagamentos",
      "entregas_dinheiro",
      "reembolsos",
      "despesas",
    ]) {
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
      );
    }
    // Restored receipts keep their ids (or, from a backup made before they had one, get new ones); the next goes after them.
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('receipts', 'id'), coalesce((SELECT max(id) FROM receipts), 0) + 1, false)`,
    );
  });
  return counts;
}
