import { formatPrice, parsePrice } from "../../../../shared/price";

/** "R$ 15,00", or "-R$ 15,00" for money going out or undone. */
export const reais = (centavos: number) => (centavos < 0 ? `-${formatPrice(-centavos)}` : formatPrice(centavos));

/** "15,00" typed in a field → centavos; null when it is not an amount. */
export const centavosOf = (typed: string) => parsePrice(typed);

/** Today, as the date fields expect it (the phone's own day). */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
