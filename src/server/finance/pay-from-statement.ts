import { linePays } from "../../shared/finance";
import type { Queryable } from "../db/database";
import { setFlag } from "../db/transaction-flags";

/**
 * The registrations a statement pays. situacao is named so the seat triggers run: a Vencida who pays goes back
 * in line, or to a free seat. docs/schema.md follows what it fires (schema-doc-actions.ts, checked by a test).
 */
export const PAY_REGISTRATIONS_SQL = `UPDATE registrations
  SET status_pagamento = 'confirmado', metodo_pagamento = 'PIX', situacao = situacao, updated_at = now()
  WHERE id = ANY($1::uuid[])`;

export interface LinePayment {
  lineId: string;
  valorCentavos: number;
  /** One registration, or siblings whose codes one credit carries. */
  ids: string[];
  como?: "codigo" | "codigos" | "nome" | "parecido" | "responsavel" | "vinculo";
}

/**
 * Pays registrations from statement lines, in the caller's transaction: the
 * lines are marked paid, then the status is set with each registration's line
 * and amount in caravana.pagamento, and the database writes the records
 * (decision 040). A line whose registrations are no longer all pending pays
 * nobody; the caller says what it becomes.
 */
export async function payLines(
  tx: Queryable,
  payments: LinePayment[],
  actor: { id: number; nome: string },
): Promise<{ paidLines: string[]; refused: string[] }> {
  if (!payments.length) return { paidLines: [], refused: [] };
  const wanted = [...new Set(payments.flatMap((p) => p.ids))];
  const open = await tx.query<{ id: string; nome_completo: string; referencia: string | null; devido: number }>(
    `SELECT id, nome_completo, referencia, caravana_valor_devido(r) AS devido FROM registrations r
     WHERE id = ANY($1::uuid[]) AND status_pagamento = 'pendente' ORDER BY id FOR UPDATE`,
    [wanted],
  );
  const byId = new Map(open.map((r) => [r.id, r]));
  const taken = new Set<string>();
  const paidLines: string[] = [];
  const refused: string[] = [];
  // Per registration paid, the line and the amount it took; per line above what its one registration owed, the excess.
  const linhas: Record<string, { linha: string; valor: number }> = {};
  const excess: { linha: string; id: string; nome: string; referencia: string | null; valor: number }[] = [];
  const lineStates: object[] = [];
  for (const p of payments) {
    if (!p.ids.every((id) => byId.has(id) && !taken.has(id))) {
      refused.push(p.lineId);
      continue;
    }
    // What is owed now, not when the file was matched: a discount given or undone meanwhile makes it a suggestion.
    const owed = p.ids.reduce((sum, id) => sum + byId.get(id)!.devido, 0);
    if (
      !linePays(
        p.valorCentavos,
        p.ids.map((id) => byId.get(id)!.devido),
      )
    ) {
      refused.push(p.lineId);
      continue;
    }
    for (const id of p.ids) taken.add(id);
    paidLines.push(p.lineId);
    lineStates.push({ id: p.lineId, como: p.como ?? (p.ids.length > 1 ? "codigos" : "codigo") });
    // One registration takes the whole credit; siblings split it by what each owes (their sum is the credit).
    for (const id of p.ids)
      linhas[id] = { linha: p.lineId, valor: p.ids.length === 1 ? p.valorCentavos : byId.get(id)!.devido };
    if (p.ids.length === 1 && p.valorCentavos > owed) {
      const r = byId.get(p.ids[0])!;
      excess.push({
        linha: p.lineId,
        id: r.id,
        nome: r.nome_completo,
        referencia: r.referencia,
        valor: p.valorCentavos - owed,
      });
    }
  }
  if (!paidLines.length) return { paidLines, refused };
  await tx.query(
    `UPDATE extrato_linhas l SET estado = 'paga', como = x.como, descricao = NULL, resolvida_por = $2, resolvida_em = now()
     FROM json_to_recordset($1::json) AS x(id bigint, como text) WHERE l.id = x.id`,
    [JSON.stringify(lineStates), actor.id],
  );
  // The database writes each record from the status change, with the line and amount said here
  // (caravana_registrations_money); the registration's own log entry would repeat what the record logs.
  await setFlag(tx, "caravana.pagamento", { origem: "extrato", linhas });
  await tx.query(PAY_REGISTRATIONS_SQL, [[...taken]]);
  // A credit above what its one registration owed: the excess is shown as a refund to decide, never lost.
  if (excess.length) {
    // A line undone and paid again replaces its excess still to decide.
    await tx.query(
      `DELETE FROM reembolsos WHERE extrato_linha_id = ANY($1::bigint[]) AND origem = 'pagamento_a_maior' AND estado = 'pendente'`,
      [excess.map((e) => e.linha)],
    );
    await tx.query(
      `INSERT INTO reembolsos (inscricao_id, extrato_linha_id, nome, referencia, origem, valor_centavos)
       SELECT x.id, x.linha, x.nome, x.referencia, 'pagamento_a_maior', x.valor
       FROM json_to_recordset($1::json) AS x(id uuid, linha bigint, nome text, referencia text, valor int)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(excess)],
    );
  }
  return { paidLines, refused };
}
