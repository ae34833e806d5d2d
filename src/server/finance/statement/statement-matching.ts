import { linePays } from "../../../shared/finance";
import { fold, NAME_PARTICLES } from "../../../shared/fold";
/**
 * Which registration a statement credit pays (docs/decisions/036):
 *  1. its reference code in the text, written exactly → paid with no click, when the amount covers it
 *     and the person has a seat (someone waiting, or whose seat went on, is a suggestion);
 *     a code that only looks like one (Q for D) → a suggestion;
 *  2. its amount equal to what someone owes, and a payer's name like theirs, their payer's or their
 *     guardian's (who usually pays) → a suggestion;
 *  3. nothing → "Sem correspondência".
 * Only a code pays by itself: names repeat and banks cut them short.
 */

export interface MatchCandidate {
  id: string;
  referencia: string | null;
  nome: string;
  nomePagador: string | null;
  /** The guardian (a minor's): usually the one who pays. */
  nomeResponsavel?: string | null;
  /** AAAA-MM-DD: a payment is not older than its registration. */
  criadoEm: string;
  /** What is owed after an exemption or a discount. */
  devido: number;
  pendente: boolean;
  /** Not "Desistente". */
  ativa: boolean;
  /** Waiting, or a Vencida: money from them is kept, but only once someone confirms it (decision 049). */
  semVaga?: boolean;
}

export interface MatchLine {
  data: string;
  valorCentavos: number;
  descricao: string;
}

export type LineMatch =
  | { kind: "codigo"; ids: string[] }
  | { kind: "ja_paga"; id: string }
  /**
   * `by`: what made the suggestion: the code itself (its amount short, its person cancelled or without a
   * seat), a code that only looks like one ("parecido"), the person's or payer's name, or the guardian's.
   */
  | { kind: "sugestao"; ids: string[]; by: "codigo" | "parecido" | "nome" | "responsavel" }
  | { kind: "nada" };

const MAX_SUGGESTIONS = 5;

/** Upper case, no accents, letters and digits only: "jdj 7k3q" and "JDJ-7K3Q" read the same. */
export function compact(text: string): string {
  return upperFold(text).replace(/[^A-Z0-9]/g, "");
}

/** Upper case, no accents: bank descriptions are written in capitals. */
const upperFold = (text: string) => fold(text).toUpperCase();

// Characters a person or a bank's font confuses: codes are compared through them (pretix does the same).
const LOOK_ALIKE: Record<string, string> = {
  "0": "O",
  Q: "O",
  D: "O",
  "1": "I",
  L: "I",
  "5": "S",
  "8": "B",
  "2": "Z",
  "6": "G",
};
const canonical = (s: string) => s.replace(/[0QD1L5826]/g, (c) => LOOK_ALIKE[c]);

// Words of a bank's description that are never a name.
const NOISE = new Set(
  (
    "PIX TRANSF TRANSFERENCIA TRANSFER RECEBIDA RECEBIDO RECEB REM TED DOC CRED CREDITO PAGAMENTO PAGAMENTOS PELO " +
    "PARA ENVIADO ENVIADA AGENCIA CONTA BANCO INSTITUICAO LTDA EIRELI DEPOSITO RECEBIMENTO VALOR QRCODE QR CODIGO " +
    "JDJ CARAVANA INSCRICAO SANTANDER BRADESCO ITAU CAIXA INTER NUBANK SICOOB SICREDI MERCADO PAGO PAGBANK " +
    "UNIBANCO ECONOMICA FEDERAL BRASIL"
  ).split(" "),
);
const PARTICLES = new Set([...NAME_PARTICLES].map((p) => p.toUpperCase()));

/** A description's words that may be part of a name, as banks print them: cut short, a date glued on ("SER12/08"). */
export function payerWords(description: string): string[] {
  return (
    upperFold(description)
      // A reference code is no part of a name ("jdj 7k3q" would leave "K").
      .replace(/J\W*D\W*J(?:[\W_]*[A-Z0-9]){4}/g, " ")
      .split(/[^A-Z]+/)
      .filter((w) => w.length >= 3 && !NOISE.has(w) && !PARTICLES.has(w))
  );
}

/**
 * The payer's name as the bank wrote it, for the panel to show ("FULANO DE
 * TAL", accents and particles kept): of the description's parts (split at
 * " - ", "|", ";" or "/"), the one with the most name words, trimmed to its
 * longest run of name words and particles. Empty when no part has two.
 */
export function payerAsWritten(description: string): string {
  let best: string[] = [];
  for (const part of description.split(/\s[-–|;/]\s|[|;]/)) {
    let run: string[] = [];
    const runs: string[][] = [];
    for (const token of part.trim().split(/\s+/)) {
      const word = upperFold(token);
      const isName = /^[A-Z]+$/.test(word) && payerWords(word).length === 1;
      const isParticle = PARTICLES.has(word) && run.length > 0;
      if (isName || isParticle) run.push(token);
      else {
        runs.push(run);
        run = [];
      }
    }
    runs.push(run);
    for (const r of runs) {
      while (r.length && PARTICLES.has(upperFold(r[r.length - 1]))) r.pop();
      const names = r.filter((t) => !PARTICLES.has(upperFold(t))).length;
      const bestNames = best.filter((t) => !PARTICLES.has(upperFold(t))).length;
      if (names >= 2 && names > bestNames) best = r;
    }
  }
  return best.join(" ");
}

function nameWords(name: string): string[] {
  return upperFold(name)
    .split(/[^A-Z]+/)
    .filter((w) => w.length >= 2 && !PARTICLES.has(w));
}

/**
 * How well a description's words stand for a name: each word, whole or cut
 * short, matches a different word of the name, in any order. Two words at
 * least, or it is no evidence ("MARIA" alone is half the parish).
 * Returns the letters matched, 0 for no match.
 */
export function nameScore(words: string[], name: string | string[]): number {
  const available = typeof name === "string" ? nameWords(name) : [...name];
  let matched = 0;
  let letters = 0;
  for (const w of words) {
    const at = available.findIndex((n) => n.startsWith(w));
    if (at === -1) continue;
    available.splice(at, 1);
    matched++;
    letters += w.length;
  }
  return matched >= 2 ? letters : 0;
}

export function createMatcher(candidates: MatchCandidate[]): (line: MatchLine) => LineMatch {
  const byCode = new Map<string, MatchCandidate>();
  const byCanonical = new Map<string, MatchCandidate[]>();
  const byPrefix = new Map<string, Set<MatchCandidate>>();
  // Each name's words, split once: a statement has thousands of lines to compare.
  const words = new Map<MatchCandidate, [string[], string[], string[]]>();
  for (const c of candidates) {
    if (c.referencia) {
      const code = c.referencia.slice(3);
      byCode.set(code, c);
      const k = canonical(code);
      byCanonical.set(k, [...(byCanonical.get(k) ?? []), c]);
    }
    if (!c.pendente || !c.ativa) continue;
    const own = nameWords(c.nome);
    const payer = nameWords(c.nomePagador ?? "");
    const guardian = nameWords(c.nomeResponsavel ?? "");
    words.set(c, [own, payer, guardian]);
    for (const w of [...own, ...payer, ...guardian]) {
      if (w.length < 3) continue;
      const p = w.slice(0, 3);
      if (!byPrefix.has(p)) byPrefix.set(p, new Set());
      byPrefix.get(p)!.add(c);
    }
  }

  /** Codes written exactly, and codes that only look like one (Q for D, 6 for G): those are never paid by themselves. */
  function codesIn(text: string): { exact: MatchCandidate[]; alike: MatchCandidate[] } {
    const plain = compact(text);
    const s = canonical(plain);
    const exact = new Map<string, MatchCandidate>();
    const alike = new Map<string, MatchCandidate>();
    for (let i = s.indexOf("JOJ"); i !== -1; i = s.indexOf("JOJ", i + 1)) {
      const hit = byCode.get(plain.slice(i + 3, i + 7));
      if (hit) {
        exact.set(hit.id, hit);
        continue;
      }
      const similar = byCanonical.get(s.slice(i + 3, i + 7));
      if (similar?.length === 1) alike.set(similar[0].id, similar[0]);
    }
    return { exact: [...exact.values()], alike: [...alike.values()].filter((c) => !exact.has(c.id)) };
  }

  function byName(line: MatchLine): { ids: string[]; guardian: boolean } {
    const lineWords = [...new Set(payerWords(line.descricao))];
    // Only someone two of whose words the line starts can score: count those hits first.
    const hits = new Map<MatchCandidate, number>();
    for (const w of lineWords) {
      for (const c of byPrefix.get(w.slice(0, 3)) ?? []) {
        if (c.pendente && c.devido === line.valorCentavos && c.criadoEm <= line.data)
          hits.set(c, (hits.get(c) ?? 0) + 1);
      }
    }
    const scored: [MatchCandidate, number, boolean][] = [];
    for (const [c, n] of hits) {
      if (n < 2) continue;
      const [own, payer, guardian] = words.get(c)!;
      const person = Math.max(nameScore(lineWords, own), nameScore(lineWords, payer));
      const byGuardian = nameScore(lineWords, guardian);
      if (person > 0 || byGuardian > 0) scored.push([c, Math.max(person, byGuardian), byGuardian > person]);
    }
    const best = scored
      .sort((a, b) => b[1] - a[1] || a[0].criadoEm.localeCompare(b[0].criadoEm) || a[0].nome.localeCompare(b[0].nome))
      .slice(0, MAX_SUGGESTIONS);
    return { ids: best.map(([c]) => c.id), guardian: best.length > 0 && best[0][2] };
  }

  return (line) => {
    const { exact: coded, alike } = codesIn(line.descricao);
    // A look-alike of someone's code (a deleted registration's, last year's, a typo) is a suggestion at most.
    if (!coded.length && alike.length) {
      const open = alike.filter((c) => c.pendente);
      if (open.length) return { kind: "sugestao", ids: open.map((c) => c.id), by: "parecido" };
    }
    if (coded.length === 1) {
      const [c] = coded;
      if (!c.pendente) return { kind: "ja_paga", id: c.id };
      if (c.ativa && !c.semVaga && linePays(line.valorCentavos, [c.devido])) return { kind: "codigo", ids: [c.id] };
      return { kind: "sugestao", ids: [c.id], by: "codigo" };
    }
    if (coded.length > 1) {
      const payable = coded.every((c) => c.pendente && c.ativa && !c.semVaga);
      if (
        payable &&
        linePays(
          line.valorCentavos,
          coded.map((c) => c.devido),
        )
      )
        return { kind: "codigo", ids: coded.map((c) => c.id) };
      const open = coded.filter((c) => c.pendente);
      if (open.length) return { kind: "sugestao", ids: open.map((c) => c.id), by: "codigo" };
      return { kind: "ja_paga", id: coded[0].id };
    }
    const named = byName(line);
    return named.ids.length
      ? { kind: "sugestao", ids: named.ids, by: named.guardian ? "responsavel" : "nome" }
      : { kind: "nada" };
  };
}
