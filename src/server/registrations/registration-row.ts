import type { Registration } from "../../shared/api-types";

/** Columns an admin may see; secrets and derived columns stay in the database. */
export const REGISTRATION_COLUMNS =
  "id, nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at, referencia, comprovante_path IS NOT NULL AS has_receipt";

export interface RegistrationRow {
  id: string;
  nome_completo: string;
  idade: number;
  numero_responsavel: string | null;
  metodo_pagamento: Registration["metodo_pagamento"];
  status_pagamento: Registration["status_pagamento"];
  created_at: Date | string;
  referencia: string | null;
  has_receipt: boolean;
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
    referencia: row.referencia,
    has_receipt: row.has_receipt,
  };
}
