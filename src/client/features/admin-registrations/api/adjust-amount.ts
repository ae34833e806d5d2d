import type { Registration } from "../../../../shared/api-types";
import { adminApi } from "../../../lib/admin-session";

/** "Isento" (0) or "Desconto" (a lower amount), with the reason; the price itself undoes them. */
export const adjustAmount = (id: string, valor_centavos: number, motivo: string) =>
  adminApi<Registration>(`/api/registrations/${encodeURIComponent(id)}/adjust`, {
    method: "POST",
    json: { valor_centavos, motivo },
  });
