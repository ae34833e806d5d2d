import type { FormStatus } from "./api-types";

/**
 * The status to keep when another arrives: answers and live events can come
 * out of order, and the newest `updated_at` wins.
 */
export function newerFormStatus(current: FormStatus | null, next: FormStatus): FormStatus {
  const newer = current && Date.parse(current.updated_at) > Date.parse(next.updated_at) ? current : next;
  // A live frame or a PUT's answer does not say what is missing before the form may open: that stays as read,
  // until the form is open (which the server allows only once nothing is missing).
  const missing = newer.is_open ? undefined : (next.falta_configurar ?? current?.falta_configurar);
  return missing ? { ...newer, falta_configurar: missing } : newer;
}
