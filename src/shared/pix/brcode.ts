// Encoder of the static PIX BR Code ("Pix Copia e Cola"), EMV QRCPS-MPM:
// a string of TLV fields (2-digit ID, 2-digit length, value) closed by a CRC16.
// Field layout follows the central bank's "Manual de Padrões para Iniciação do Pix".

import { crc16Hex } from "./crc16";
import { checkPixKey } from "./pix-key";
import { sanitizeCity, sanitizeInfo, sanitizeName, sanitizeTxid } from "./sanitize";

export const PIX_GUI = "br.gov.bcb.pix";
/** A TLV length has two digits; field 26 (merchant account) must fit in it. */
export const TLV_VALUE_MAX = 99;
/** Field 54 holds at most 13 characters ("9999999999.99"). */
export const AMOUNT_MAX_CENTS = 999_999_999_999;

/** A code that cannot be built or read; the message is pt-BR, fit for the screen. */
export class PixError extends Error {
  override name = "PixError";
}

export interface BrCodeInput {
  /** PIX key: e-mail, CPF/CNPJ, +55 phone or random key (normalised, never truncated). */
  key: string;
  /** Receiver name, field 59: sanitised, case kept, at most 25 chars. */
  name: string;
  /** Receiver city, field 60: sanitised, upper-cased, at most 15 chars. */
  city: string;
  /** Amount in cents, field 54. Left out: the payer types the amount. */
  amountCents?: number;
  /** Additional info, field 26/02: sanitised and cut to the room field 26 has left. */
  info?: string;
  /** Transaction id, field 62/05: [A-Za-z0-9], at most 25 chars; default "***". */
  txid?: string;
}

/** One TLV field. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new PixError(`ID de campo PIX inválido: ${id}.`);
  if (value.length > TLV_VALUE_MAX)
    throw new PixError(`Campo ${id} do código PIX passa de ${TLV_VALUE_MAX} caracteres.`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** 1500 → "15.00" (dot, two decimals, no thousands separator). */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > AMOUNT_MAX_CENTS) {
    throw new PixError("Valor do PIX inválido.");
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Room left for the 26/02 text once GUI and key are in field 26 (0 when there is none). */
export function infoRoom(key: string): number {
  const used = tlv("00", PIX_GUI).length + 4 + key.length + 4;
  return Math.max(0, TLV_VALUE_MAX - used);
}

/** Builds the Copia e Cola string. Throws PixError for a bad key, amount, or empty name/city. */
export function encodeBrCode(input: BrCodeInput): string {
  const keyCheck = checkPixKey(input.key);
  if (!keyCheck.ok) throw new PixError(keyCheck.error);
  const key = keyCheck.key;
  const name = sanitizeName(input.name);
  if (name === "") throw new PixError("Nome do recebedor PIX precisa ter letras ou números.");
  const city = sanitizeCity(input.city);
  if (city === "") throw new PixError("Cidade do recebedor PIX precisa ter letras ou números.");
  const info = input.info === undefined ? "" : sanitizeInfo(input.info, infoRoom(key));

  const account = tlv("00", PIX_GUI) + tlv("01", key) + (info === "" ? "" : tlv("02", info));
  const body =
    tlv("00", "01") +
    tlv("26", account) +
    tlv("52", "0000") +
    tlv("53", "986") +
    (input.amountCents === undefined ? "" : tlv("54", formatAmount(input.amountCents))) +
    tlv("58", "BR") +
    tlv("59", name) +
    tlv("60", city) +
    tlv("62", tlv("05", sanitizeTxid(input.txid))) +
    "6304";
  return body + crc16Hex(body);
}
