import { DEADLINE_MESSAGES } from "../../shared/deadlines";
import type { Database } from "../db/database";
import { ConflictError, NotFoundError } from "../domain-errors";
import { lockBuses } from "../seats/bus-repository";
import { REGISTRATION_NOT_FOUND } from "../../shared/admin-api";

/**
 * "Devolver vaga": a Vencida comes back. Seated, with a new deadline, when a
 * bus has a free seat (or there are no buses); otherwise first in the waiting
 * list, ahead of the unpaid people waiting (registrations_place keeps the
 * place the statement gives). The buses are locked first, as every seat move does.
 */
export async function giveSeatBack(db: Pick<Database, "transaction">, id: string): Promise<"vaga" | "espera"> {
  return db.transaction(async (tx) => {
    const buses = await lockBuses(tx);
    const [row] = await tx.query<{ situacao: string; nome_completo: string }>(
      "SELECT situacao, nome_completo FROM registrations WHERE id = $1 FOR UPDATE",
      [id],
    );
    if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
    if (row.situacao !== "vencida") throw new ConflictError(DEADLINE_MESSAGES.notExpired(row.nome_completo));
    const free = buses.length === 0 || buses.some((b) => b.ocupados < b.lugares);
    if (free) {
      await tx.query("UPDATE registrations SET situacao = 'vaga', updated_at = now() WHERE id = $1", [id]);
      return "vaga";
    }
    await tx.query(
      `UPDATE registrations SET situacao = 'espera', updated_at = now(),
         ordem_espera = coalesce((SELECT min(ordem_espera) FROM registrations
                                  WHERE situacao = 'espera' AND status_pagamento = 'pendente'),
                                 nextval('registrations_espera_seq')) - 1
       WHERE id = $1`,
      [id],
    );
    return "espera";
  });
}
