import { parseSync } from "ofx-js";
import { type ParsedStatement, parseAmount, parseDay, StatementError, type StatementLine } from "./statement-line";

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

type Node = Record<string, unknown>;

/** Every value under `key`, at any depth: banks nest transactions under bank or card messages. */
function collect(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, key, out);
  } else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node as Node)) {
      if (k === key) out.push(...(Array.isArray(v) ? v : [v]));
      else collect(v, key, out);
    }
  }
  return out;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export function looksLikeOfx(content: string): boolean {
  return /<OFX>/i.test(content.slice(0, 4096)) || /^\s*OFXHEADER\s*:/i.test(content);
}

const CORRUPT = "O arquivo OFX está corrompido ou incompleto. Exporte o extrato de novo.";
const TRANSACTION = /<STMTTRN>[\s\S]*?<\/STMTTRN>/g;
/** Transactions parsed at a time: between two batches the server answers other requests (PGlite shares its thread). */
const CHUNK = 400;

function parseDocument(content: string): Node {
  try {
    const ofx = parseSync(content).OFX;
    if (!ofx || typeof ofx !== "object") throw new Error("vazio");
    return ofx;
  } catch {
    throw new StatementError(CORRUPT);
  }
}

function toLine(raw: unknown, linha: number): StatementLine {
  const t = (raw ?? {}) as Node;
  const data = parseDay(text(t.DTPOSTED));
  if (!data)
    throw new StatementError(`A transação ${linha} do OFX tem uma data inválida (${text(t.DTPOSTED) || "vazia"}).`);
  const valor = parseAmount(text(t.TRNAMT));
  if (valor === null)
    throw new StatementError(`A transação ${linha} do OFX tem um valor inválido (${text(t.TRNAMT) || "vazio"}).`);
  const parts = [text(t.NAME), text(t.MEMO)].filter(Boolean);
  const descricao = parts.length === 2 && parts[1].includes(parts[0]) ? parts[1] : parts.join(" - ");
  return { linha, data, valorCentavos: valor, descricao, id: text(t.FITID) || undefined };
}

/**
 * OFX 1.02 (SGML, open tags) and 2.x (XML), through ofx-js; amounts and dates
 * in Brazilian forms. The account comes from the document without its
 * transactions; the transactions are parsed a few hundred at a time.
 */
export async function parseOfx(content: string, turn: () => Promise<void>): Promise<ParsedStatement> {
  // ofx-js splits on an upper-case <OFX>; some banks write the tags in lower case.
  const upper = content.replace(/<(\/?)([a-z][a-z0-9.]*)>/g, (_, s: string, t: string) => `<${s}${t.toUpperCase()}>`);
  const blocks = upper.match(TRANSACTION) ?? [];
  const ofx = parseDocument(upper.replace(TRANSACTION, ""));
  const bankId = text(collect(ofx, "BANKID")[0]).replace(/^0+/, "");
  const org = text(collect(ofx, "ORG")[0]);
  const banco = BANKS[bankId] ?? (org || (bankId ? `Banco ${bankId}` : "Banco"));
  const conta = `${bankId}:${text(collect(ofx, "BRANCHID")[0])}:${text(collect(ofx, "ACCTID")[0])}`;
  const lines: StatementLine[] = [];
  for (let i = 0; i < blocks.length; i += CHUNK) {
    const doc = parseDocument(`<OFX><BANKTRANLIST>${blocks.slice(i, i + CHUNK).join("")}</BANKTRANLIST></OFX>`);
    for (const raw of collect(doc, "STMTTRN")) lines.push(toLine(raw, lines.length + 1));
    await turn();
  }
  if (!lines.length && !/<STMTTRN>/.test(upper)) throw new StatementError("O arquivo OFX não tem transações.");
  return { formato: "ofx", banco, conta, lines };
}
