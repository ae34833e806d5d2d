import Papa from "papaparse";
import { MAX_STATEMENT_LINES } from "./decode-statement";
import { type ParsedStatement, parseAmount, parseDay, StatementError, type StatementLine } from "./statement-line";

/** Which of the file's columns hold what: saved per bank, offered next time. */
export interface CsvColumns {
  data: string;
  valor: string;
  descricao: string;
  identificador?: string;
}

/** Nubank's export, known without asking. */
export const NUBANK_COLUMNS: CsvColumns = {
  data: "Data",
  valor: "Valor",
  descricao: "Descrição",
  identificador: "Identificador",
};

export interface CsvTable {
  header: string[];
  /** The rows after the header, with their 1-based line in the file. */
  rows: { linha: number; cells: string[] }[];
}

const key = (s: string) => s.trim().normalize("NFC").toLocaleLowerCase("pt-BR");

/** Past these a file is no bank's statement: refused before it is split into rows and cells. */
export const MAX_CSV_ROWS = MAX_STATEMENT_LINES + 100;
export const MAX_CSV_LINE = 4_000;
export const MAX_CSV_CELLS = 100;

/**
 * A bank's CSV has at most a few dozen columns and lines of a few hundred
 * characters. Counted on the text, so a crafted file never becomes millions
 * of cells in memory.
 */
function checkCsvShape(content: string): void {
  let rows = 0;
  for (let at = 0; at < content.length; ) {
    const end = content.indexOf("\n", at);
    const stop = end < 0 ? content.length : end;
    if (++rows > MAX_CSV_ROWS)
      throw new StatementError("O arquivo passa de 20.000 lançamentos. Exporte um período menor.");
    if (stop - at > MAX_CSV_LINE)
      throw new StatementError(`A linha ${rows} do CSV é longa demais para um extrato. Exporte o extrato de novo.`);
    let separators = 0;
    for (let i = at; i < stop; i++) {
      const c = content.charCodeAt(i);
      if (c === 59 || c === 44 || c === 9) separators++;
    }
    if (separators > MAX_CSV_CELLS * 3)
      throw new StatementError(`A linha ${rows} do CSV tem colunas demais para um extrato. Exporte o extrato de novo.`);
    at = stop + 1;
  }
}

/**
 * The file's table: `;`, `,` or tab separated, quoted or not. The header is the
 * row just above the first row with a date: banks such as Inter put the
 * account and period on lines of their own first.
 */
export function readCsv(content: string): CsvTable {
  checkCsvShape(content);
  const parsed = Papa.parse<string[]>(content, { delimitersToGuess: [";", ",", "\t"], skipEmptyLines: "greedy" });
  const all = parsed.data.map((cells) => cells.map((c) => (c ?? "").trim()));
  const hasDay = (cells: string[]) => cells.some((c) => parseDay(c) !== null);
  const start = all.findIndex((cells, i) => cells.length >= 3 && !hasDay(cells) && all[i + 1] && hasDay(all[i + 1]));
  if (start === -1)
    throw new StatementError("Não encontramos no CSV uma linha de títulos seguida de lançamentos com data.");
  // Papa's row numbers skip blank lines; a message's line number counts only rows with content.
  return {
    header: all[start],
    rows: all.slice(start + 1).map((cells, i) => ({ linha: start + 2 + i, cells })),
  };
}

/** The columns' positions, or null when the file lacks one of them. */
export function columnIndexes(header: string[], columns: CsvColumns): Record<keyof CsvColumns, number> | null {
  const find = (name?: string) => (name ? header.findIndex((h) => key(h) === key(name)) : -1);
  const idx = {
    data: find(columns.data),
    valor: find(columns.valor),
    descricao: find(columns.descricao),
    identificador: find(columns.identificador),
  };
  if (idx.data < 0 || idx.valor < 0 || idx.descricao < 0) return null;
  if (columns.identificador && idx.identificador < 0) return null;
  return idx;
}

const BALANCE = /^\s*saldo\b/i;
/** A column of the entry's kind ("D/C", "Tipo", "Débito/Crédito"), or of money out ("Débito (R$)", "Saída"). */
const KIND_COLUMN =
  /^\s*(tipo|d\s*\/\s*c|c\s*\/\s*d|natureza|d[ée]bito\s*\/\s*cr[ée]dito|cr[ée]dito\s*\/\s*d[ée]bito)/i;
const DEBIT_COLUMN = /^\s*(d[ée]bito|sa[íi]da)/i;
/** A description that says the money left, as banks write it: "PIX ENVIADO", "Compra no débito", "Tarifa". */
const OUTGOING =
  /\b(pix enviado|transfer[êe]ncia enviada|ted enviada|enviado pelo pix|compra no d[ée]bito|compra com cart[ãa]o|saque|tarifa|pagamento efetuado|pagamento de boleto)\b/i;

function isDebit(cells: string[], columns: { amounts: number[]; kinds: number[] }, descricao: string): boolean {
  if (OUTGOING.test(descricao.normalize("NFC"))) return true;
  if (columns.kinds.some((i) => /^(d|d[ée]bito|sa[íi]da)$/i.test((cells[i] ?? "").trim()))) return true;
  return columns.amounts.some((i) => {
    const amount = parseAmount(cells[i] ?? "");
    return amount !== null && amount !== 0;
  });
}

export function parseCsv(table: CsvTable, columns: CsvColumns, banco: string): ParsedStatement {
  const idx = columnIndexes(table.header, columns);
  if (!idx)
    throw new StatementError(
      `As colunas escolhidas não estão neste arquivo. Colunas do arquivo: ${table.header.filter(Boolean).join(", ")}.`,
    );
  if (new Set([idx.data, idx.valor, idx.descricao]).size < 3)
    throw new StatementError("Escolha colunas diferentes para data, valor e descrição.");
  const amountHeader = table.header[idx.valor];
  if (DEBIT_COLUMN.test(amountHeader) && !KIND_COLUMN.test(amountHeader))
    throw new StatementError(
      `A coluna “${amountHeader}” é o dinheiro que saiu da conta. Escolha a coluna do valor (ou do crédito).`,
    );
  if (BALANCE.test(amountHeader))
    throw new StatementError(
      `A coluna “${amountHeader}” é o saldo da conta, não o valor de cada lançamento. Escolha a coluna do valor (ou do crédito).`,
    );
  const columnsLike = (pattern: RegExp) =>
    table.header.flatMap((h, i) => (i !== idx.valor && pattern.test(h) ? [i] : []));
  const kinds = columnsLike(KIND_COLUMN);
  const debitColumns = { amounts: columnsLike(DEBIT_COLUMN).filter((i) => !kinds.includes(i)), kinds };
  const lines: StatementLine[] = [];
  for (const { linha, cells } of table.rows) {
    const rawDay = cells[idx.data] ?? "";
    const rawAmount = cells[idx.valor] ?? "";
    // Not entries: totals with no date, balances ("Saldo Anterior"), and debits in a column of their own.
    if (!rawDay || !rawAmount || cells.some((c) => BALANCE.test(c))) continue;
    const data = parseDay(rawDay);
    if (!data) throw new StatementError(`A linha ${linha} do CSV tem uma data que não entendemos (${rawDay}).`);
    const valor = parseAmount(rawAmount);
    if (valor === null)
      throw new StatementError(`A linha ${linha} do CSV tem um valor que não entendemos (${rawAmount}).`);
    const descricao = cells[idx.descricao] ?? "";
    const id = idx.identificador >= 0 ? cells[idx.identificador]?.trim() : "";
    // Money that left the account is never a payment, whatever column was chosen as the amount.
    const outgoing = isDebit(cells, debitColumns, descricao);
    lines.push({ linha, data, valorCentavos: outgoing ? -Math.abs(valor) : valor, descricao, id: id || undefined });
  }
  return { formato: "csv", banco, conta: banco, lines };
}
