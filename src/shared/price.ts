/** "R$ 1.234,50" from cents. */
export function formatPrice(cents: number): string {
  const reais = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `R$ ${reais},${String(cents % 100).padStart(2, "0")}`;
}

/** "15", "15,00", "15.00", "R$ 1.234,50" → cents; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const t = text.replace(/^\s*R\$\s*/i, "").trim();
  const m = /^(\d{1,3}(?:\.\d{3})+|\d{1,7})(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1].replace(/\./g, "")) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}
