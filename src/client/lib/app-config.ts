import type { PublicEventConfig } from "../../shared/api-types";

let cached: PublicEventConfig | undefined;

/** Event facts embedded by the server in index.html (see plugins/client-app.ts). */
export function appConfig(): PublicEventConfig {
  if (!cached) {
    const el = document.getElementById("app-config");
    if (!el?.textContent) throw new Error("Configuração do evento ausente na página.");
    cached = JSON.parse(el.textContent) as PublicEventConfig;
  }
  return cached;
}
