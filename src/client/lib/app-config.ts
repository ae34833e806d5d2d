import { useSyncExternalStore } from "react";
import type { PublicEventConfig } from "../../shared/api-types";
import { api } from "./api";

let cached: PublicEventConfig | undefined;
const listeners = new Set<() => void>();

/** Event facts embedded by the server in index.html (see plugins/client-app.ts), or the newer ones fetched since. */
export function appConfig(): PublicEventConfig {
  if (!cached) {
    const el = document.getElementById("app-config");
    if (!el?.textContent) throw new Error("Configuração do evento ausente na página.");
    cached = JSON.parse(el.textContent) as PublicEventConfig;
  }
  return cached;
}

/** The event facts, re-rendering when the coordination saves new ones. */
export function useAppConfig(): PublicEventConfig {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, appConfig);
}

/** Asks the server for the facts in force (the live stream said they changed); a failure keeps the old ones. */
export async function refreshAppConfig(): Promise<void> {
  try {
    const next = await api<PublicEventConfig>("/api/config", { cache: "no-store" });
    if (JSON.stringify(next) === JSON.stringify(cached)) return;
    cached = next;
    // The form's title names the group too (index.html); the panel's pages end with the event.
    document.title = document.title.startsWith("Inscrição Caravana")
      ? `Inscrição Caravana ${next.eventTitle} · ${next.groupName}`
      : document.title.replace(/Caravana .*$/, `Caravana ${next.eventTitle}`);
    for (const l of listeners) l();
  } catch (err) {
    console.error("Erro ao atualizar a configuração do evento", err);
  }
}
