import { FINANCE_MESSAGES, linePays } from "../../shared/finance";
import type { StatementLineView } from "../../shared/finance-views";
import type { Database, Queryable } from "../db/database";
import { ConflictError, NotFoundError } from "../domain-errors";
import { payLines } from "./pay-from-statement";
import { lineViews } from "./statement-lines";

async function lockedLine(tx: Queryable, lineId: string) {
  const [line] = await tx.query<{ estado: string; valor_centavos: number; sugestoes: string[]; como: string | null }>(
    "SELECT estado, valor_centavos, sugestoes::text[] AS sugestoes, como FROM extrato_linhas WHERE id = $1 FOR UPDATE",
    [lineId],
  );
  if (!line) throw new NotFoundError(FINANCE_MESSAGES.lineNotFound);
  if (line.estado !== "sugerida" && line.estado !== "sem_correspondencia") {
    // A conflict carrying the line as it is now, so the panel shows what happened.
    const [current] = await lineViews(tx, [lineId]);
    throw new ConflictError(FINANCE_MESSAGES.lineTaken, { linha: current });
  }
  return line;
}

/**
 * "Confirmar" on a suggestion, or "Vincular" to registrations found by name
 * or code: the line pays one registration with the line's amount, or several
 * (a mother's one PIX for two children) split by what each owes, as the code
 * match does for siblings. A line that is not what the chosen people owe
 * together is refused, with both amounts, before anything is written.
 */
export async function confirmLine(
  db: Database,
  actor: { id: number; nome: string },
  lineId: string,
  registrationIds: string[],
): Promise<StatementLineView> {
  // Ids as the database writes them: "A1…" and "a1…" are one registration.
  const ids = [...new Set(registrationIds.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    const line = await lockedLine(tx, lineId);
    const regs = await tx.query<{ id: string; status_pagamento: string; situacao: string; devido: number }>(
      `SELECT id, status_pagamento, situacao, caravana_valor_devido(r) AS devido FROM registrations r
       WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    if (regs.length !== ids.length) throw new NotFoundError(FINANCE_MESSAGES.registrationGone);
    if (regs.some((r) => r.status_pagamento !== "pendente")) throw new ConflictError(FINANCE_MESSAGES.registrationPaid);
    // Someone who gave up owes nothing: their money is a refund, not a payment.
    if (regs.some((r) => r.situacao === "desistente")) throw new ConflictError(FINANCE_MESSAGES.registrationGaveUp);
    const owed = regs.reduce((sum, r) => sum + r.devido, 0);
    // One registration: a line below what is owed pays nothing by itself (a discount first, or ignore it).
    // Several: the line is exactly what they owe together, or nobody is paid.
    if (
      !linePays(
        line.valor_centavos,
        regs.map((r) => r.devido),
      )
    )
      throw new ConflictError(
        (ids.length === 1 ? FINANCE_MESSAGES.linePartial : FINANCE_MESSAGES.lineSplit)(line.valor_centavos, owed),
      );
    // A suggested registration keeps why it was suggested (its code, or its name); any other is linked by hand.
    const como =
      ids.length === 1 && line.sugestoes.includes(ids[0])
        ? line.como === "codigo" || line.como === "parecido" || line.como === "responsavel"
          ? line.como
          : "nome"
        : "vinculo";
    const { paidLines } = await payLines(tx, [{ lineId, valorCentavos: line.valor_centavos, ids, como }], actor);
    if (!paidLines.length) throw new ConflictError(FINANCE_MESSAGES.registrationPaid);
    const [view] = await lineViews(tx, [lineId]);
    return view;
  });
}

/** "Ignorar": a credit that is no caravan payment (a gift, another matter). */
export async function ignoreLine(db: Database, actor: { id: number }, lineId: string): Promise<StatementLineView> {
  return db.transaction(async (tx) => {
    await lockedLine(tx, lineId);
    await tx.query(
      "UPDATE extrato_linhas SET estado = 'ignorada', resolvida_por = $2, resolvida_em = now() WHERE id = $1",
      [lineId, actor.id],
    );
    const [view] = await lineViews(tx, [lineId]);
    return view;
  });
}
