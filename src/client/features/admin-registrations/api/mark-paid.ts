import type { Registration } from "../../../../shared/api-types";
import { adminApi } from "../../../lib/admin-session";

/** "Marcar Pago": the status alone, which the server confirms with markPaid (payments/payment-actions.ts). */
export const markPaid = (id: string) =>
  adminApi<Registration>(`/api/registrations/${encodeURIComponent(id)}`, {
    method: "PATCH",
    json: { status_pagamento: "confirmado" },
  });

export const markedPaid = (reg: Registration) => `Pagamento de ${reg.nome_completo} confirmado.`;
