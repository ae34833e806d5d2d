// Reader of a PIX BR Code: TLV parse plus CRC check. Used by the tests to
// prove the encoder round-trips, and usable to check a pasted code.

import { PIX_GUI, PixError } from "./brcode";
import { crc16Hex } from "./crc16";

export interface TlvField {
  id: string;
  value: string;
}

export interface ParsedBrCode {
  /** Top-level fields in order, CRC included. */
  fields: TlvField[];
  payloadFormat: string;
  key: string;
  info?: string;
  merchantCategory: string;
  currency: string;
  amount?: string;
  country: string;
  name: string;
  city: string;
  txid?: string;
  crc: string;
}

/** Splits a TLV string; throws PixError when an ID or length is malformed or runs past the end. */
export function parseTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new PixError(`Código PIX malformado na posição ${at}.`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new PixError(`Código PIX termina no meio do campo ${head.slice(0, 2)}.`);
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

function required(fields: TlvField[], id: string): string {
  const field = fields.find((f) => f.id === id);
  if (!field) throw new PixError(`Código PIX sem o campo ${id}.`);
  return field.value;
}

/** Parses and verifies a Copia e Cola string; throws PixError when it is not a valid static PIX code. */
export function parseBrCode(code: string): ParsedBrCode {
  const fields = parseTlv(code);
  const last = fields[fields.length - 1];
  if (last?.id !== "63" || last.value.length !== 4) throw new PixError("Código PIX sem CRC no final.");
  if (last.value.toUpperCase() !== crc16Hex(code.slice(0, -4))) throw new PixError("CRC do código PIX não confere.");
  const ids = fields.map((f) => f.id);
  if (new Set(ids).size !== ids.length) throw new PixError("Código PIX com campo repetido.");

  // The PIX account can sit in any merchant-account template 26..51; it is the one whose GUI is PIX.
  const account = fields
    .filter((f) => Number(f.id) >= 26 && Number(f.id) <= 51)
    .map((f) => parseTlv(f.value))
    .find((sub) => sub.find((s) => s.id === "00")?.value.toLowerCase() === PIX_GUI);
  if (!account) throw new PixError("Código PIX sem conta PIX (br.gov.bcb.pix).");
  const additional = fields.find((f) => f.id === "62");
  const txid = additional ? parseTlv(additional.value).find((s) => s.id === "05")?.value : undefined;

  return {
    fields,
    payloadFormat: required(fields, "00"),
    key: required(account, "01"),
    info: account.find((s) => s.id === "02")?.value,
    merchantCategory: required(fields, "52"),
    currency: required(fields, "53"),
    amount: fields.find((f) => f.id === "54")?.value,
    country: required(fields, "58"),
    name: required(fields, "59"),
    city: required(fields, "60"),
    txid,
    crc: last.value,
  };
}
