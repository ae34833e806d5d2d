import type { FormStatus } from "./api-types";

/**
 * The status to keep when another arrives: answers and live events can come
 * out of order, and the newest `updated_at` wins.
 */
export function newerFormStatus(current: FormStatus | null, next: FormStatus): FormStatus {
  return current && Date.parse(current.updated_at) > Date.parse(next.updated_at) ? current : next;
}
