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

/**
 * The status to keep when GET /api/form-status answers. The newest `updated_at` wins, as for a live frame: an
 * answer read before a change, whose live frame reached the page first, must not undo it. What is missing before
 * the form may open is the answer's, since only a read says it.
 */
export function answeredFormStatus(current: FormStatus | null, answer: FormStatus): FormStatus {
  const kept = newerFormStatus(current, answer);
  const missing = kept.is_open ? undefined : answer.falta_configurar;
  // Unchanged, the same object: a page that compares it with what it shows renders nothing again.
  if (kept.falta_configurar === missing) return kept;
  const { falta_configurar: _, ...rest } = kept;
  return missing ? { ...rest, falta_configurar: missing } : rest;
}
