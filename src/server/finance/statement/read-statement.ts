import { createHash } from "node:crypto";
import { brDay } from "../../../shared/dates";
import { decodeStatement, MAX_STATEMENT_LINES } from "./decode-statement";
import { type CsvColumns, columnIndexes, NUBANK_COLUMNS, parseCsv, readCsv } from "./parse-csv";
import { looksLikeOfx, parseOfx } from "./parse-ofx";
import { MAX_LINE_CENTAVOS, type ParsedStatement, StatementError } from "./statement-line";
import { fold } from "../../../shared/fold";

export interface SavedColumns extends CsvColumns {
  banco: string;
}

/** What the import keeps of the file besides its credits: the whole file's lines stay in the worker. */
export interface StatementSummary {
  formato: ParsedStatement["formato"];
  banco: string;
  /** Entries read, credits or not. */
  lidas: number;
}

export type StatementRead =
  | { kind: "lines"; statement: StatementSummary; lines: CreditLine[] }
  /** A CSV whose columns we do not know yet: the person maps them once. */
  | { kind: "columns"; header: string[]; sample: string[][] };

/** A credit to import, with its stable identity. */
export interface CreditLine {
  chave: string;
  data: string;
  valorCentavos: number;
  descricao: string;
}

/**
 * A statement file as credit lines, each with an identity that stays the same
 * whenever the line is read again (the bank and its id, or a hash of account,
 * date, amount, description and rank among identical lines), or a refusal in pt-BR.
 */
export function readStatement(
  bytes: Uint8Array,
  options: { columns?: SavedColumns; saved: SavedColumns[]; today: string },
): StatementRead {
  const content = decodeStatement(bytes);
  let statement: ParsedStatement;
  if (looksLikeOfx(content)) statement = parseOfx(content);
  else {
    const table = readCsv(content);
    const known = options.columns
      ? [options.columns]
      : [{ banco: "Nubank", ...NUBANK_COLUMNS }, ...options.saved].filter((c) => columnIndexes(table.header, c));
    if (!known.length)
      return { kind: "columns", header: table.header, sample: table.rows.slice(0, 3).map((r) => r.cells) };
    statement = parseCsv(table, known[0], known[0].banco);
  }
  const lines = creditLines(statement, options.today);
  return {
    kind: "lines",
    statement: { formato: statement.formato, banco: statement.banco, lidas: statement.lines.length },
    lines,
  };
}

/** "Nubank", "nubank" and "NuBank " are one bank. */
const bankKey = (banco: string) => fold(banco).replace(/[^a-z0-9]/g, "");

function creditLines(statement: ParsedStatement, today: string): CreditLine[] {
  if (statement.lines.length > MAX_STATEMENT_LINES)
    throw new StatementError("O arquivo passa de 20.000 lançamentos. Exporte um período menor.");
  const ids = new Map<string, number>();
  for (const line of statement.lines) {
    if (!line.id) continue;
    const first = ids.get(line.id);
    if (first !== undefined)
      throw new StatementError(
        `O arquivo repete o identificador ${line.id} (linhas ${first} e ${line.linha}). Exporte o extrato de novo.`,
      );
    ids.set(line.id, line.linha);
  }
  const repeats = new Map<string, number>();
  const credits: CreditLine[] = [];
  for (const line of statement.lines) {
    if (Math.abs(line.valorCentavos) > MAX_LINE_CENTAVOS)
      throw new StatementError(
        `A linha ${line.linha} tem um valor fora do comum. Confira se a coluna de valor está certa.`,
      );
    if (line.data > today)
      throw new StatementError(`A linha ${line.linha} tem data no futuro (${brDay(line.data)}). Confira o arquivo.`);
    if (line.valorCentavos <= 0) continue;
    const descricao = line.descricao.replace(/\s+/g, " ").trim().slice(0, 500);
    let identity: string;
    // A bank's own id names one credit whichever file brought it (Nubank's OFX FITID is its CSV's Identificador).
    // An id is unique only within one account, so the day and the amount go with it: two accounts at one bank
    // would have to reuse an id on the same day for the same amount to collide.
    if (line.id) identity = `id|${bankKey(statement.banco)}|${line.id}|${line.data}|${line.valorCentavos}`;
    else {
      const base = `linha|${statement.conta}|${line.data}|${line.valorCentavos}|${descricao}`;
      const rank = (repeats.get(base) ?? 0) + 1;
      repeats.set(base, rank);
      identity = `${base}|${rank}`;
    }
    credits.push({
      chave: createHash("sha256").update(identity).digest("hex"),
      data: line.data,
      valorCentavos: line.valorCentavos,
      descricao,
    });
  }
  if (!credits.length) throw new StatementError("O arquivo não tem nenhum crédito (dinheiro recebido) para conferir.");
  return credits;
}
