import type { Registration } from "../../shared/api-types";

/** Columns an admin may see; secrets and derived columns stay in the database. */
export const REGISTRATION_COLUMNS =
  "id, nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at";

export interface RegistrationRow {
  id: string;
  nome_completo: string;
  idade: number;
  numero_responsavel: string;
  metodo_pagamento: Registration["metodo_pagamento"];
  status_pagamento: Registration["status_pagamento"];
  created_at: Date | string;
}

export function toRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    nome_completo: row.nome_completo,
    idade: row.idade,
    numero_responsavel: row.numero_responsavel,
    metodo_pagamento: row.metodo_pagamento,
    status_pagamento: row.status_pagamento,
    created_at: new Date(row.created_at).toISOString(),
  };
}
