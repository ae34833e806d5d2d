import { StatementError } from "./statement-line";

export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
/** Entries in one file: OFX transactions or CSV rows (an OFX writes each on several text lines). */
export const MAX_STATEMENT_LINES = 20_000;

const NOT_A_STATEMENT =
  "Este arquivo não é um extrato em OFX ou CSV. No app do banco, exporte o extrato em OFX (ou CSV) e tente de novo.";

/** Files people pick by mistake, recognised by their first bytes. */
const SIGNATURES: [number[], string][] = [
  [
    [0x25, 0x50, 0x44, 0x46],
    "Este arquivo é um PDF, não um extrato OFX ou CSV. No app do banco, exporte em OFX ou CSV.",
  ],
  [[0x89, 0x50, 0x4e, 0x47], "Este arquivo é uma imagem, não um extrato OFX ou CSV."],
  [[0xff, 0xd8, 0xff], "Este arquivo é uma imagem, não um extrato OFX ou CSV."],
  [[0x47, 0x49, 0x46, 0x38], "Este arquivo é uma imagem, não um extrato OFX ou CSV."],
  [[0x52, 0x49, 0x46, 0x46], "Este arquivo é uma imagem, não um extrato OFX ou CSV."],
  [[0x50, 0x4b, 0x03, 0x04], "Este arquivo é uma planilha ou um .zip. Exporte o extrato em OFX ou CSV."],
];

/**
 * The file's text. Banks write OFX and CSV in UTF-8 or Windows-1252, and
 * headers do not always say which: text that is valid UTF-8 is read as
 * UTF-8, anything else as Windows-1252, whatever the header claims
 * (a Windows-1252 accent is never valid UTF-8 on its own).
 */
export function decodeStatement(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new StatementError("O arquivo está vazio.");
  if (bytes.length > MAX_STATEMENT_BYTES)
    throw new StatementError("O arquivo passa de 5 MB. Exporte um período menor.");
  for (const [signature, message] of SIGNATURES) {
    if (signature.every((b, i) => bytes[i] === b)) throw new StatementError(message);
  }
  if (bytes.includes(0)) throw new StatementError(NOT_A_STATEMENT);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = windows1252(bytes);
  }
  text = text.replace(/^\uFEFF/, "");
  // Control characters other than line breaks and tabs: not a text export.
  if (hasControlCharacters(text.slice(0, 4096))) throw new StatementError(NOT_A_STATEMENT);
  if (!text.trim()) throw new StatementError("O arquivo está vazio.");
  return text;
}

/** Characters below space other than tab and line breaks, or DEL. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

// 0x80–0x9F in Windows-1252 ("•", "€", curly quotes); Node without full ICU would read them as Latin-1 controls.
const CP1252_HIGH =
  "\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178";

function windows1252(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

export { NOT_A_STATEMENT };
