/**
 * "da Juventude Católica VG", "do Grupo Jovem Shalom", "de Jovens em Missão":
 * the group's name after "de" as Portuguese writes it, from its first word.
 * The group is a setting ("Nome do grupo"); every text that names it goes
 * through here, so another parish's name reads right too.
 */
const FEMININE = new Set([
  "juventude",
  "pastoral",
  "comunidade",
  "paroquia",
  "renovacao",
  "legiao",
  "equipe",
  "familia",
  "capela",
  "igreja",
  "associacao",
  "congregacao",
  "fraternidade",
  "obra",
  "missao",
  "rede",
  "diocese",
  "arquidiocese",
  "catequese",
  "crisma",
  "jornada",
  "escola",
  "turma",
]);
const MASCULINE = new Set([
  "grupo",
  "movimento",
  "ministerio",
  "setor",
  "nucleo",
  "encontro",
  "apostolado",
  "coral",
  "projeto",
  "segmento",
  "santuario",
  "terco",
  "colegio",
  "curso",
  "time",
  "conselho",
]);

const plain = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

export function ofGroup(name: string): string {
  const trimmed = name.trim();
  const first = plain(trimmed.split(/\s+/)[0] ?? "");
  if (FEMININE.has(first)) return `da ${trimmed}`;
  if (MASCULINE.has(first)) return `do ${trimmed}`;
  return `de ${trimmed}`;
}
