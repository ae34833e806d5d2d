import { randomUUID } from "node:crypto";
import type { Registration } from "../../shared/api-types";
import { COMPANION_MESSAGES, type CompanionInput } from "../../shared/companions";
import type { Database } from "../db/database";
import { adjustAmountIn } from "../payments/payment-actions";
import { drawReference } from "../registrations/create-registration";
import { readRegistration } from "../registrations/update-registration";

/**
 * "Adicionar acompanhante": an adult of any age, added by Coordenação, who
 * takes a seat like anyone (the database seats them, or puts them in the
 * waiting list when the buses are full) and pays in cash the price, a lower
 * one, or nothing ("Isento", written as an exemption with its reason). One
 * transaction: a refused amount adds no one.
 */
export async function addCompanion(db: Database, input: CompanionInput): Promise<Registration> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    let price = 0;
    // A reference already taken (one in a million) draws another.
    for (let tries = 0; !price && tries < 5; tries++) {
      const [row] = await tx.query<{ preco_centavos: number }>(
        `INSERT INTO registrations (id, nome_completo, idade, numero_responsavel, metodo_pagamento, referencia, acompanhante)
         VALUES ($1, $2, $3, $4, 'ESPECIE', $5, true) ON CONFLICT (referencia) DO NOTHING RETURNING preco_centavos`,
        [id, input.nome_completo, input.idade, input.numero_responsavel, drawReference()],
      );
      price = row?.preco_centavos ?? 0;
    }
    if (input.isento) await adjustAmountIn(tx, id, { valor_centavos: 0, motivo: COMPANION_MESSAGES.exemptReason });
    else if (input.valor_centavos !== undefined && input.valor_centavos !== price)
      await adjustAmountIn(tx, id, { valor_centavos: input.valor_centavos, motivo: COMPANION_MESSAGES.priceReason });
    return readRegistration(tx, id);
  });
}
