import type { Registration } from "../../../../shared/api-types";
import { adminApi } from "../../../lib/admin-session";

/** "Pago" tapped again, or "Desfazer": the server's markUnpaid (payments/payment-actions.ts). */
export const markUnpaid = (id: string) =>
  adminApi<Registration>(`/api/registrations/${encodeURIComponent(id)}`, {
    method: "PATCH",
    json: { status_pagamento: "pendente" },
  });

export const markedUnpaid = (reg: Registration) => `Pagamento de ${reg.nome_completo} voltou para pendente.`;
