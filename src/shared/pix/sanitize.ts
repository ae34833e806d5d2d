import { withoutAccents } from "../fold";
// Banks reject BR Codes with anything but plain ASCII in the free-text fields,
// so names, cities and the additional info are reduced to letters, digits and
// single spaces. Every function here is idempotent: sanitising twice changes nothing.

export const NAME_MAX = 25;
export const CITY_MAX = 15;
export const TXID_MAX = 25;
/** txid of a static code that carries no transaction id. */
export const NO_TXID = "***";

/** Strips accents (the product's one table, shared/fold.ts); other letters, symbols, emoji and punctuation become spaces. */
export function plainAscii(value: string): string {
  return withoutAccents(value)
    .replace(/[^A-Za-z0-9]+/g, " ")
    .trim();
}

function truncate(value: string, max: number): string {
  return value.slice(0, Math.max(0, max)).trimEnd();
}

/** Field 59. Keeps case and spaces ("Fulano de Tal" stays as is); at most 25 chars. */
export function sanitizeName(value: string): string {
  return truncate(plainAscii(value), NAME_MAX);
}

/** Field 60. Upper case, like the central bank's example and most generators; at most 15 chars. */
export function sanitizeCity(value: string): string {
  return truncate(plainAscii(value).toUpperCase(), CITY_MAX);
}

/** Field 26/02 (additional info shown by some banks). Keeps case; the caller gives the room left. */
export function sanitizeInfo(value: string, max: number): string {
  return truncate(plainAscii(value), max);
}

/** Field 62/05: only [A-Za-z0-9], at most 25 chars; nothing left means "***". */
export function sanitizeTxid(value: string | undefined): string {
  if (value === undefined) return NO_TXID;
  const clean = withoutAccents(value)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, TXID_MAX);
  return clean === "" ? NO_TXID : clean;
}
