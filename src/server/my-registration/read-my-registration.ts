import type { EventSettings } from "../../shared/event-settings";
import type { Kinship } from "../../shared/minors";
import { needsAuthorization } from "../../shared/minors";
import { changesUntil, eventDay, type MyRegistration } from "../../shared/my-registration";
import type { SeatState } from "../../shared/seats";
import { dayIn } from "../../shared/dates";
import type { Queryable } from "../db/database";
import { SEAT_COLUMNS } from "../registrations/registration-row";

interface Row {
  id: string;
  nome_completo: string;
  numero_responsavel: string;
  referencia: string;
  idade: number;
  situacao: SeatState;
  onibus_nome: string | null;
  posicao_espera: number | null;
  metodo_pagamento: "PIX" | "ESPECIE";
  status_pagamento: "pendente" | "confirmado";
  preco_centavos: number;
  devido_centavos: number;
  isento: boolean;
  pago_em: string | null;
  pago_metodo: "PIX" | "ESPECIE" | null;
  pago_origem: "painel" | "chamada" | "extrato" | null;
  comprovante_recebido: boolean;
  nome_pagador: string | null;
  autorizacao_recebida: boolean;
  responsavel_nome: string | null;
  parentesco: Kinship | null;
  saude: string | null;
  embarcou: boolean;
  recebe_mensagens: boolean;
  prazo_pagamento: Date | null;
}

const howPaid = (metodo: Row["pago_metodo"], origem: Row["pago_origem"]) =>
  metodo === "ESPECIE" ? "em dinheiro" : origem === "extrato" ? "PIX (extrato)" : "PIX";

/** Whether the family may still correct its data today, and today's date (AAAA-MM-DD) in the event's zone. */
export function correctionsOpen(
  settings: EventSettings,
  now = new Date(),
): { today: string; until: string | null; open: boolean } {
  // Today in the event's zone, whatever the server's.
  const today = dayIn(now, settings.fuso_horario);
  const until = changesUntil(settings, today);
  return { today, until, open: until === null || today <= until };
}

/** The page's view of one registration (shared/my-registration.ts), or null when it is not there. */
export async function readMyRegistration(
  db: Queryable,
  id: string,
  settings: EventSettings,
): Promise<MyRegistration | null> {
  const [row] = await db.query<Row>(
    `SELECT id, nome_completo, numero_responsavel, referencia, idade, ${SEAT_COLUMNS},
            metodo_pagamento, status_pagamento, preco_centavos,
            caravana_valor_devido(registrations) AS devido_centavos, caravana_isento(registrations) AS isento,
            p.em AS pago_em, p.metodo AS pago_metodo, p.origem AS pago_origem,
            comprovante_path IS NOT NULL AS comprovante_recebido, nome_pagador,
            autorizacao_recebida_em IS NOT NULL AS autorizacao_recebida,
            responsavel_nome, parentesco, saude,
            EXISTS (SELECT 1 FROM embarques e WHERE e.inscricao_id = registrations.id AND e.embarcou) AS embarcou,
            sem_mensagens_em IS NULL AS recebe_mensagens, prazo_pagamento
     FROM registrations
     LEFT JOIN LATERAL (
       SELECT em, metodo, origem FROM pagamentos
       WHERE inscricao_id = registrations.id AND tipo = 'pagamento' ORDER BY id DESC LIMIT 1
     ) p ON registrations.status_pagamento = 'confirmado'
     WHERE registrations.id = $1 AND referencia IS NOT NULL AND anonimizado_em IS NULL`,
    [id],
  );
  if (!row) return null;
  const corrections = correctionsOpen(settings);
  const paid = row.status_pagamento === "confirmado";
  return {
    id: row.id,
    nome_completo: row.nome_completo,
    numero_responsavel: row.numero_responsavel,
    referencia: row.referencia,
    idade: row.idade,
    evento: settings.titulo,
    situacao: row.situacao,
    onibus_nome: row.onibus_nome,
    posicao_espera: row.posicao_espera,
    pagamento: {
      estado: row.isento ? "isento" : paid ? "pago" : "pendente",
      devido_centavos: row.devido_centavos,
      preco_centavos: row.preco_centavos,
      desconto_centavos: row.isento ? 0 : Math.max(0, row.preco_centavos - row.devido_centavos),
      pago_em: paid ? row.pago_em : null,
      como: paid && !row.isento ? howPaid(row.pago_metodo ?? row.metodo_pagamento, row.pago_origem) : null,
      metodo: row.metodo_pagamento,
      comprovante_recebido: row.comprovante_recebido,
      nome_pagador: row.nome_pagador,
    },
    prazo_pagamento: row.prazo_pagamento ? new Date(row.prazo_pagamento).toISOString() : null,
    autorizacao: needsAuthorization(row.idade, settings.autorizacao_exigida)
      ? row.autorizacao_recebida
        ? "entregue"
        : "falta_entregar"
      : null,
    responsavel_nome: row.responsavel_nome,
    parentesco: row.parentesco,
    saude: row.saude,
    alteracoes_ate: corrections.until,
    pode_alterar: corrections.open && row.situacao !== "desistente" && row.situacao !== "vencida",
    embarcou: row.embarcou,
    recebe_mensagens: row.recebe_mensagens,
    dia_do_evento: eventDay(settings.data, corrections.today),
  };
}

/** The closed edition a registration id belonged to, while its kept list lasts. */
export async function closedEditionOf(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ nome: string }>(
    `SELECT e.nome FROM edicao_inscricoes i JOIN edicoes e ON e.id = i.edicao_id
     WHERE i.id = $1 AND e.encerrada_em IS NOT NULL ORDER BY e.id DESC LIMIT 1`,
    [id],
  );
  return row?.nome ?? null;
}
