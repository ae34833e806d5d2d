import type { Registration } from "../../../../shared/api-types";
import { STATUS_LABELS } from "../utils/format";

/** "Pendente" or "Confirmado", in the payment's colour. */
export function StatusBadge({ registration: r }: { registration: Registration }) {
  return <span className={`reg-badge reg-badge-${r.status_pagamento}`}>{STATUS_LABELS[r.status_pagamento]}</span>;
}
