import type { Registration } from "../../shared/api-types";

/**
 * "Tolerância do extrato" as an interval, for the rows' liberavel_em and the release (deadlines/release-expired.ts).
 * Uncorrelated, so a query reads the setting once, however many rows it has.
 */
export const GRACE_SQL = `make_interval(days => coalesce(
  (SELECT (valor #>> '{}')::integer FROM event_settings WHERE chave = 'prazo_tolerancia_dias'), 0))`;

/** The name of the bus whose id is in `column`; NULL for no bus. */
export const busNameOf = (column: string) => `(SELECT o.nome FROM onibus o WHERE o.id = ${column})`;

/** The bus's name, and the rank in the waiting list (so positions never have gaps). */
export const SEAT_COLUMNS = `situacao, onibus_id, ${busNameOf("registrations.onibus_id")} AS onibus_nome,
  CASE WHEN situacao = 'espera' THEN (SELECT count(*)::int FROM registrations w
    WHERE w.situacao = 'espera' AND w.ordem_espera <= registrations.ordem_espera) END AS posicao_espera`;

/** Another active registration with this phone and a similar name: a mark kept as rows are written (decision 032). */
export const POSSIBLE_DUPLICATE = "EXISTS (SELECT 1 FROM registration_duplicates d WHERE d.id = registrations.id)";

/** Columns an admin may see; secrets and derived columns stay in the database. */
export const REGISTRATION_COLUMNS = `id, nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at, referencia,
  comprovante_path IS NOT NULL AS has_receipt, promovido_em, ${SEAT_COLUMNS}, ${POSSIBLE_DUPLICATE} AS possivel_duplicata,
  responsavel_nome, parentesco, autorizacao_recebida_em, autorizacao_por, prazo_pagamento, acompanhante,
  CASE WHEN situacao = 'vaga' AND status_pagamento = 'pendente' THEN prazo_pagamento + ${GRACE_SQL} END AS liberavel_em`;

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
  situacao: Registration["situacao"];
  onibus_id: string | null;
  onibus_nome: string | null;
  posicao_espera: number | null;
  promovido_em: Date | string | null;
  possivel_duplicata: boolean;
  responsavel_nome: string | null;
  parentesco: Registration["parentesco"];
  autorizacao_recebida_em: Date | string | null;
  autorizacao_por: string | null;
  prazo_pagamento: Date | string | null;
  acompanhante: boolean;
  liberavel_em: Date | string | null;
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
    situacao: row.situacao,
    onibus_id: row.onibus_id,
    onibus_nome: row.onibus_nome,
    posicao_espera: row.posicao_espera,
    promovido_em: row.promovido_em ? new Date(row.promovido_em).toISOString() : null,
    possivel_duplicata: row.possivel_duplicata,
    responsavel_nome: row.responsavel_nome,
    parentesco: row.parentesco,
    autorizacao_recebida_em: row.autorizacao_recebida_em ? new Date(row.autorizacao_recebida_em).toISOString() : null,
    autorizacao_por: row.autorizacao_por,
    prazo_pagamento: row.prazo_pagamento ? new Date(row.prazo_pagamento).toISOString() : null,
    acompanhante: row.acompanhante,
    liberavel_em: row.liberavel_em ? new Date(row.liberavel_em).toISOString() : null,
  };
}
