import type { Registration } from "../../../../shared/api-types";
import { adminApi } from "../../../lib/admin-session";

/** "Prorrogar prazo" for one registration. */
export const extendDeadline = (id: string, ate: string, motivo: string) =>
  adminApi<Registration>(`/api/registrations/${id}/prazo`, { method: "PUT", json: { ate, motivo } });

/** "Prorrogar prazo" for a selection: all or none. */
export const extendDeadlines = (ids: string[], ate: string, motivo: string) =>
  adminApi<{ prorrogadas: number }>("/api/registrations/prazo", { method: "POST", json: { ids, ate, motivo } });

/** "Liberar vaga": a seat past its deadline, by hand (automatic release off). */
export const releaseSeat = (id: string) =>
  adminApi<Registration>(`/api/registrations/${id}/liberar-vaga`, { method: "POST" });

/** "Devolver vaga": a Vencida back to a seat, or first in line. */
export const giveSeatBack = (id: string) =>
  adminApi<Registration>(`/api/registrations/${id}/devolver-vaga`, { method: "POST" });
