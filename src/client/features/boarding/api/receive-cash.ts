import type { BoardingPassenger } from "../../../../shared/boarding";
import { adminApi } from "../../../lib/admin-session";

/** "Recebi em espécie" at the bus door: the server's receiveCash (payments/payment-actions.ts), queued offline first. */
export const receiveCash = (inscricao_id: string, como: string | undefined) =>
  adminApi<BoardingPassenger>("/api/boarding/cash", { method: "POST", json: { inscricao_id, como } });
