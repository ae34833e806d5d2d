import type { PaymentMethod, PaymentStatus } from "../../../shared/constants";
import { maskPhone } from "../../../shared/phone";

export const METHOD_LABELS: Record<PaymentMethod, string> = { PIX: "PIX", ESPECIE: "Espécie" };
/** In the list a confirmed payment reads 'Pago'; the edit dialog says 'Confirmado'. */
export const STATUS_LABELS: Record<PaymentStatus, string> = { pendente: "Pendente", confirmado: "Pago" };
export const EDIT_STATUS_LABELS: Record<PaymentStatus, string> = { pendente: "Pendente", confirmado: "Confirmado" };

/** e.g. "16/08/2025, 08:05" in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("pt-BR", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** A phone for display; an anonymised registration (after the event) has none. */
export function phoneText(digits: string | null | undefined): string {
  return digits ? maskPhone(digits) : "—";
}
