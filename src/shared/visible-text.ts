// Characters a person cannot see but that change how a name reads or sorts:
// control characters (a newline, a bell), bidi overrides and marks (U+202E
// turns "Maria" around), and zero-width ones (two names that look the same
// but differ). A zero-width joiner between two emoji is part of the emoji
// (👨‍👩‍👧), so it stays.
const HIDDEN = /[\p{Cc}\u061C\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
const LOOSE_JOINER =
  /(?<!\p{Extended_Pictographic}|\uFE0F|[\u{1F3FB}-\u{1F3FF}])\u200D|\u200D(?!\p{Extended_Pictographic})/u;

export function hasHiddenCharacters(s: string): boolean {
  return HIDDEN.test(s) || LOOSE_JOINER.test(s);
}
