import { FINANCE_MESSAGES, type RefundDecision } from "../../shared/finance";
import type { RefundView } from "../../shared/finance-views";
import type { Database, Queryable } from "../db/database";
import { ConflictError, InvalidInputError, NotFoundError } from "../domain-errors";

const REFUND_SQL = `SELECT id::text, inscricao_id, nome, referencia, origem, valor_centavos, estado, devolvido_centavos,
  metodo, to_char(data, 'YYYY-MM-DD') AS data, motivo, resolvido_por_nome, criado_em FROM reembolsos`;

/** "Reembolsos pendentes" first, then those decided. */
export async function listRefunds(db: Queryable): Promise<RefundView[]> {
  return db.query<RefundView>(`${REFUND_SQL} ORDER BY estado <> 'pendente', criado_em DESC, id DESC LIMIT 500`);
}

/** "Reembolsado" (amount, method, date) or "Sem reembolso" (a reason), once. */
export async function decideRefund(
  db: Database,
  actor: { id: number; nome: string },
  id: string,
  decision: RefundDecision,
  today: string,
): Promise<RefundView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ estado: string; valor_centavos: number }>(
      "SELECT estado, valor_centavos FROM reembolsos WHERE id = $1 FOR UPDATE",
      [id],
    );
    if (!row) throw new NotFoundError(FINANCE_MESSAGES.refundNotFound);
    if (row.estado !== "pendente") throw new ConflictError(FINANCE_MESSAGES.refundDone);
    // What is given back is at most what came in, on a day that has happened.
    if (decision.estado === "reembolsado") {
      if (decision.valor_centavos > row.valor_centavos)
        throw new InvalidInputError(FINANCE_MESSAGES.refundAbovePaid(row.valor_centavos));
      if (decision.data > today) throw new InvalidInputError(FINANCE_MESSAGES.refundInFuture);
    }
    await tx.query(
      `UPDATE reembolsos SET estado = $2, devolvido_centavos = $3, metodo = $4, data = $5, motivo = $6,
         resolvido_por = $7, resolvido_por_nome = $8 WHERE id = $1`,
      decision.estado === "reembolsado"
        ? [id, decision.estado, decision.valor_centavos, decision.metodo, decision.data, null, actor.id, actor.nome]
        : [id, decision.estado, null, null, null, decision.motivo, actor.id, actor.nome],
    );
    const [view] = await tx.query<RefundView>(`${REFUND_SQL} WHERE id = $1`, [id]);
    return view;
  });
}
