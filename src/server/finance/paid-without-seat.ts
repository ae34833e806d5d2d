import type { PaidWithoutSeat } from "../../shared/finance-views";
import type { Queryable } from "../db/database";
import { SEAT_COLUMNS } from "../registrations/registration-row";

/**
 * "Pago, aguardando vaga": people who paid and have no seat (decision 049).
 * Their money is kept and listed with the money to return, in the accounts
 * and in the edition's open items, until a seat comes; in line, they go
 * before the unpaid people waiting.
 */
export async function paidWithoutSeat(db: Queryable): Promise<PaidWithoutSeat[]> {
  return db.query<PaidWithoutSeat>(
    `SELECT id, nome_completo, referencia, posicao_espera, pago_centavos FROM (
       SELECT id, nome_completo, referencia, ordem_espera, ${SEAT_COLUMNS}, caravana_pago_liquido(id) AS pago_centavos
       FROM registrations WHERE situacao = 'espera' AND status_pagamento = 'confirmado') x
     WHERE pago_centavos > 0 ORDER BY ordem_espera`,
  );
}
