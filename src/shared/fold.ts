/**
 * A name without accents or case: the one fold of the product, written as the
 * database's caravana_fold (migration 001) is, so the two always agree
 * (test/api/rules-once.test.ts checks samples on both engines). Letters outside
 * the list below are kept as they are, as caravana_fold keeps them.
 */
const ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ";
const PLAIN = "aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY";

/**
 * "Conceição Araújo" → "Conceicao Araujo": accents off, case kept. Text is taken in NFC, the form every
 * name is stored in (the schemas normalise it), so a bank file in NFD folds the same.
 */
export function withoutAccents(value: string): string {
  let out = "";
  for (const ch of value.normalize("NFC")) {
    const at = ACCENTED.indexOf(ch);
    out += at === -1 ? ch : PLAIN[at];
  }
  return out;
}

/** "Conceição ARAÚJO" → "conceicao araujo", exactly as caravana_fold. */
export function fold(value: string): string {
  return withoutAccents(value).replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/** Words of a name that are no one's initial nor evidence of a match: "Maria da Silva" is Maria and Silva. */
export const NAME_PARTICLES = new Set(["da", "das", "de", "do", "dos", "e", "di", "du", "del"]);
