// Loose check of a PIX key (the central bank's DICT is the real authority):
// it catches a mistyped configuration, not every invalid key.

import { isValidPhoneDigits } from "../phone";
export const PIX_KEY_MAX = 77;

export type PixKeyKind = "email" | "cpf" | "cnpj" | "phone" | "evp";

export type PixKeyCheck = { ok: true; key: string; kind: PixKeyKind } | { ok: false; error: string };

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOCUMENT = /^[\d.\-/\s]+$/;

/**
 * Validates and normalises a key as DICT stores it: e-mail and random (EVP)
 * keys in lower case, CPF/CNPJ as bare digits, phone as +55 and digits.
 */
export function checkPixKey(raw: string): PixKeyCheck {
  const value = raw.trim();
  let result: PixKeyCheck;
  if (value.includes("@")) {
    result = EMAIL.test(value) ? { ok: true, key: value.toLowerCase(), kind: "email" } : invalid("e-mail inválido");
  } else if (EVP.test(value)) {
    result = { ok: true, key: value.toLowerCase(), kind: "evp" };
  } else if (value.startsWith("+")) {
    const phone = value.replace(/[\s().-]/g, "");
    result =
      /^\+55\d+$/.test(phone) && isValidPhoneDigits(phone.slice(3))
        ? { ok: true, key: phone, kind: "phone" }
        : invalid("telefone deve ser +55, DDD e número");
  } else if (DOCUMENT.test(value)) {
    const digits = value.replace(/\D/g, "");
    if (digits.length === 11) result = { ok: true, key: digits, kind: "cpf" };
    else if (digits.length === 14) result = { ok: true, key: digits, kind: "cnpj" };
    else result = invalid("CPF deve ter 11 dígitos e CNPJ 14");
  } else {
    result = invalid("use e-mail, CPF, CNPJ, telefone +55 ou chave aleatória");
  }
  if (result.ok && result.key.length > PIX_KEY_MAX) return invalid(`no máximo ${PIX_KEY_MAX} caracteres`);
  return result;
}

function invalid(detail: string): PixKeyCheck {
  return { ok: false, error: `Chave PIX inválida: ${detail}.` };
}
