import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import type { Database, Queryable } from "../db/database";
import { setFlag } from "../db/transaction-flags";
import { FIRST_DEADLINES_KEY } from "../deadlines/first-deadlines";
import { BACKUP_FORMAT, BACKUP_TABLES, BACKUP_VERSION, currentEdition, primaryKey, storedColumns } from "./backup";
import { CIPHER_MESSAGES, decryptingStream, isEncrypted } from "./backup-cipher";

// npm run restore: a backup file (backup.ts) loaded into an empty database, read as data, never trusted.

/**
 * Tables whose rows a migration or the server's start already wrote (the settings, the principal, the edition):
 * a restored row overwrites the one with its key. test/api/table-lists.test.ts keeps the list to the schema.
 */
export const RESTORE_OVERWRITES = [
  "form_settings",
  "app_settings",
  "event_settings",
  "admin_users",
  "edicoes",
] as const;

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
    // The source's own start gave its seats their first deadlines (first-deadlines.ts): the fresh database's
    // marker goes, and comes back only with a backup made before deadlines existed, or one that still had it.
    await tx.query("DELETE FROM app_settings WHERE key = $1", [FIRST_DEADLINES_KEY]);
    let beforeDeadlines = false;
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
      if (table === "registrations" && !Object.hasOwn(row, "prazo_pagamento")) beforeDeadlines = true;
      const list = columns
        .get(table)!
        .filter((c) => Object.hasOwn(row, c))
        .map((c) => `"${c}"`)
        .join(", ");
      const conflict = (RESTORE_OVERWRITES as readonly string[]).includes(table)
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
    if (beforeDeadlines)
      await tx.query("INSERT INTO app_settings (key, value) VALUES ($1, 'sim') ON CONFLICT (key) DO NOTHING", [
        FIRST_DEADLINES_KEY,
      ]);
    // Whoever joins the waiting list next goes after those restored.
    await tx.query(
      "SELECT setval('registrations_espera_seq', coalesce((SELECT max(ordem_espera) FROM registrations), 0) + 1, false)",
    );
    // Restored rows keep their ids (receipts from a backup made before they had one get new ones);
    // every backed-up table whose id is a sequence goes on after them.
    const sequenced = await tx.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND column_name = 'id' AND table_name = ANY($1::text[])
         AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
      [BACKUP_TABLES],
    );
    for (const { table_name: table } of sequenced) {
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
      );
    }
  });
  return counts;
}
