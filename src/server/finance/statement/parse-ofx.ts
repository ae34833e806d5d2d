import { MAX_STATEMENT_LINES } from "./decode-statement";
import { type ParsedStatement, parseDay, StatementError, type StatementLine } from "./statement-line";

/** Brazilian banks by their COMPE code (BANKID), for the statement's name on screen. */
const BANKS: Record<string, string> = {
  "1": "Banco do Brasil",
  "33": "Santander",
  "77": "Inter",
  "104": "Caixa",
  "237": "Bradesco",
  "260": "Nubank",
  "290": "PagBank",
  "323": "Mercado Pago",
  "336": "C6 Bank",
  "341": "Itaú",
  "748": "Sicredi",
  "756": "Sicoob",
};

export function looksLikeOfx(content: string): boolean {
  const head = content.slice(0, 4096);
  return head.toUpperCase().includes("<OFX>") || /^\s*OFXHEADER\s*:/i.test(head);
}

const CORRUPT = "O arquivo OFX está corrompido ou incompleto. Exporte o extrato de novo.";
/** The account's fields, outside the transactions: the first of each counts. */
const ACCOUNT_FIELDS = new Set(["BANKID", "BRANCHID", "ACCTID", "ORG"]);
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,4});/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

interface OfxContent {
  account: Map<string, string>;
  /** Each transaction's leaf fields (DTPOSTED, TRNAMT, FITID, NAME, MEMO), upper-case names. */
  transactions: Map<string, string>[];
}

/**
 * One pass over the text with indexOf: each `<` is read once, so the time is
 * linear in the file's size whatever its shape (a regular expression over
 * SGML backtracks on hostile input: docs/decisions/039). OFX 1.02 leaves leaf
 * tags open and OFX 2.x closes them; both are leaves followed by text. A
 * transaction ends at its closing tag, the next transaction, or its list's end.
 */
export function scanOfx(content: string): OfxContent {
  const account = new Map<string, string>();
  const transactions: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  let sawOfx = false;
  let at = content.indexOf("<");
  while (at !== -1) {
    const close = content.indexOf(">", at + 1);
    if (close === -1) throw new StatementError(CORRUPT);
    const next = content.indexOf("<", close + 1);
    const tag = content.slice(at + 1, close).trim();
    const value = content.slice(close + 1, next === -1 ? content.length : next).trim();
    at = next;
    if (!tag || tag[0] === "?" || tag[0] === "!") continue;
    const ending = tag[0] === "/";
    const space = tag.search(/\s/);
    const name = (ending ? tag.slice(1) : space === -1 ? tag : tag.slice(0, space)).toUpperCase();
    if (name === "OFX") sawOfx = true;
    if (name === "STMTTRN") {
      current = null;
      if (ending) continue;
      if (transactions.length >= MAX_STATEMENT_LINES)
        throw new StatementError("O arquivo passa de 20.000 lançamentos. Exporte um período menor.");
      current = new Map();
      transactions.push(current);
      continue;
    }
    if (ending) {
      if (name === "BANKTRANLIST") current = null;
      continue;
    }
    if (!value) continue;
    if (current) {
      if (!current.has(name)) current.set(name, decodeEntities(value));
    } else if (ACCOUNT_FIELDS.has(name) && !account.has(name)) account.set(name, decodeEntities(value));
  }
  if (!sawOfx) throw new StatementError(CORRUPT);
  return { account, transactions };
}

/**
 * An OFX amount as the specification writes it: digits with one decimal
 * point, "." or ",". Brazilian banks also write thousands ("-1.200,00").
 * A lone separator followed by three digits ("15,001") could be either, so it
 * is refused rather than read as fifteen thousand; so is a fraction of a centavo.
 */
export function parseOfxAmount(raw: string): number | null {
  const t = raw.replace(/\s/g, "");
  const m = /^([+-]?)(\d{1,15}(?:[.,]\d{1,15})*)$/.exec(t);
  if (!m) return null;
  const sign = m[1] === "-" ? -1 : 1;
  const body = m[2];
  const separators = body.replace(/\d/g, "");
  let whole: string;
  let fraction = "";
  if (!separators) whole = body;
  else {
    const last = Math.max(body.lastIndexOf("."), body.lastIndexOf(","));
    const tail = body.slice(last + 1);
    const mark = body[last];
    const thousands = body.slice(0, last);
    if (separators.length === 1 && tail.length === 3) return null;
    if (separators.length > 1) {
      // "1.200,00": the other mark groups thousands, three digits at a time; "1.200.000" has no decimals.
      const groupsOk = (s: string, sep: string) =>
        s.split(sep).every((g, i) => (i === 0 ? g.length <= 3 : g.length === 3));
      if (separators.split("").every((s) => s === mark)) {
        if (tail.length !== 3 || !groupsOk(body, mark)) return null;
        whole = body.replaceAll(mark, "");
      } else {
        const other = mark === "," ? "." : ",";
        if (thousands.includes(mark) || !groupsOk(thousands, other)) return null;
        whole = thousands.replaceAll(other, "");
        fraction = tail;
      }
    } else {
      whole = thousands;
      fraction = tail;
    }
  }
  if (fraction.length > 2 && !/^0+$/.test(fraction.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

function toLine(t: Map<string, string>, linha: number): StatementLine {
  const posted = t.get("DTPOSTED") ?? "";
  const data = parseDay(posted);
  if (!data) throw new StatementError(`A transação ${linha} do OFX tem uma data inválida (${posted || "vazia"}).`);
  const amount = t.get("TRNAMT") ?? "";
  const valor = parseOfxAmount(amount);
  if (valor === null)
    throw new StatementError(
      `A transação ${linha} do OFX tem um valor que não dá para ler com certeza (${amount.slice(0, 30) || "vazio"}). Exporte o extrato de novo.`,
    );
  const parts = [t.get("NAME") ?? "", t.get("MEMO") ?? ""].filter(Boolean);
  const descricao = parts.length === 2 && parts[1].includes(parts[0]) ? parts[1] : parts.join(" - ");
  return { linha, data, valorCentavos: valor, descricao, id: t.get("FITID") || undefined };
}

/** OFX 1.02 (SGML, open tags) and 2.x (XML); amounts and dates in Brazilian forms. */
export function parseOfx(content: string): ParsedStatement {
  const { account, transactions } = scanOfx(content);
  const bankId = (account.get("BANKID") ?? "").replace(/^0+/, "");
  const org = account.get("ORG") ?? "";
  const banco = BANKS[bankId] ?? (org || (bankId ? `Banco ${bankId}` : "Banco"));
  if (!transactions.length) throw new StatementError("O arquivo OFX não tem transações.");
  const lines = transactions.map((t, i) => toLine(t, i + 1));
  return {
    formato: "ofx",
    banco,
    conta: `${bankId}:${account.get("BRANCHID") ?? ""}:${account.get("ACCTID") ?? ""}`,
    lines,
  };
}
