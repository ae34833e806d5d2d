import type { Trip } from "../../../../shared/boarding";
import { STORAGE_KEYS } from "../../../../shared/constants";

/** The bus and trip a phone's roll call shows, kept on the phone for the next visit. */
export interface Choice {
  onibus: string | null;
  viagem: Trip;
}

export function readChoice(): Choice {
  try {
    const c = JSON.parse(localStorage.getItem(STORAGE_KEYS.rollCallChoice) ?? "null") as Partial<Choice> | null;
    return { onibus: typeof c?.onibus === "string" ? c.onibus : null, viagem: c?.viagem === "volta" ? "volta" : "ida" };
  } catch {
    return { onibus: null, viagem: "ida" };
  }
}

export function keepChoice(c: Choice): void {
  try {
    localStorage.setItem(STORAGE_KEYS.rollCallChoice, JSON.stringify(c));
  } catch {
    // Private mode: the choice simply is not remembered.
  }
}
