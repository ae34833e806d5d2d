import type { Registration } from "../../../../shared/api-types";
import type { CompanionInput } from "../../../../shared/companions";
import { adminApi } from "../../../lib/admin-session";

/** "Adicionar acompanhante" (Coordenação). */
export const addCompanion = (input: CompanionInput) =>
  adminApi<Registration>("/api/registrations/acompanhantes", { method: "POST", json: input });
