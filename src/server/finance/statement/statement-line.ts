import { isCalendarDay } from "../../../shared/dates";

/** One line of a bank statement, as read from the file, before any matching. */
export interface StatementLine {
  /** 1-based position in the file, for messages. */
  linha: number;
  /** AAAA-MM-DD. */
  data: string;
  /** Signed: credits are positive. */
  valorCentavos: number;
  descricao: string;
  /** The bank's own id of the line (FITID, Identificador), when it has one. */
  id?: string;
}

export interface ParsedStatement {
  formato: "ofx" | "csv";
  /** The bank's name as the file or the mapping gives it ("Nubank"); identifies the account with `conta`. */
  banco: string;
  /** Only used inside line identities, never stored (LGPD). */
  conta: string;
  lines: StatementLine[];
}

/** A bad file: the pt-BR message says what is wrong; nothing is imported. */
export class StatementError extends Error {}

/** Amounts past this are no caravan's payment: a misread column, not money. */
export const MAX_LINE_CENTAVOS = 100_000_00;

/**
 * "15.00", "15,00", "1.234,56", "1234.56", "-15,00", "R$ 15,00", "15,00 C" → signed centavos;
 * null when it is not an amount. The last separator followed by one or two digits is the decimal one.
 */
export function parseAmount(raw: string): number | null {
  let t = raw.replace(/R\$|\s|\u00a0/g, "");
  let sign = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1);
  }
  const suffix = /([CD])$/i.exec(t);
  if (suffix) {
    if (suffix[1].toUpperCase() === "D") sign = -sign;
    t = t.slice(0, -1);
  }
  if (t.startsWith("-")) {
    sign = -sign;
    t = t.slice(1);
  } else if (t.startsWith("+")) t = t.slice(1);
  const m = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(t);
  if (!m || (m[2] && m[3] && m[2] === m[3])) return null;
  const cents = Number(m[1].replace(/[.,]/g, "")) * 100 + Number((m[4] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

/** "12/08/2025", "12/08/25", "2025-08-12", "20250812", "20250812120000[-3:BRT]" → "2025-08-12"; null otherwise. */
export function parseDay(raw: string): string | null {
  const t = raw.trim();
  let y: string;
  let m: string;
  let d: string;
  let match = /^(\d{4})(\d{2})(\d{2})(?:\d{0,6}(?:\.\d+)?)?(?:\[.*\])?$/.exec(t) ?? /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (match) [, y, m, d] = match;
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(t);
    if (!match) return null;
    [, d, m, y] = match;
    if (y.length === 2) y = `20${y}`;
  }
  const day = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isCalendarDay(day) ? day : null;
}
