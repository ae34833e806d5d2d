import type { PaymentMethod, PaymentStatus } from "../../../../shared/constants";
import { maskPhone } from "../../../../shared/phone";
import { dateTimeIn } from "../../../../shared/dates";
import { appConfig } from "../../../lib/app-config";

export const METHOD_LABELS: Record<PaymentMethod, string> = { PIX: "PIX", ESPECIE: "Espécie" };
/** In the list a confirmed payment reads 'Pago'; the edit dialog says 'Confirmado'. */
export const STATUS_LABELS: Record<PaymentStatus, string> = { pendente: "Pendente", confirmado: "Pago" };
export const EDIT_STATUS_LABELS: Record<PaymentStatus, string> = { pendente: "Pendente", confirmado: "Confirmado" };

/** e.g. "16/08/2025, 08:05" in the event's time zone, as in the exports, whatever the device's. */
export function formatDateTime(iso: string): string {
  return dateTimeIn(iso, appConfig().timeZone);
}

/** A phone for display; an anonymised registration (after the event) has none. */
export function phoneText(digits: string | null | undefined): string {
  return digits ? maskPhone(digits) : "—";
}
