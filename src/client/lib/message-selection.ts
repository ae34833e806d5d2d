/**
 * The registrations chosen with "Selecionar" in the panel's list, handed to
 * "Mensagens" for this tab only (sessionStorage): ids, never names.
 */
const KEY = "caravana.mensagem.selecionados";

export function setMessageSelection(ids: string[]): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // A browser without storage: the page opens without the selection.
  }
}

export function readMessageSelection(): string[] {
  try {
    const ids = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function clearMessageSelection(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}
