import type { Registration } from "../../shared/api-types";
import { BOARDING_MESSAGES } from "../../shared/boarding";
import { FINANCE_MESSAGES } from "../../shared/finance";
import type { PaymentRecord, RegistrationPayments } from "../../shared/finance-views";
import type { Database, Queryable } from "../db/database";
import { ConflictError, InvalidInputError, NotFoundError } from "../domain-errors";
import { REGISTRATION_COLUMNS, type RegistrationRow, toRegistration } from "../registrations/registration-row";
import { readRegistration } from "../registrations/update-registration";
import { REGISTRATION_NOT_FOUND } from "../../shared/admin-api";
import { payerAsWritten } from "../finance/statement/statement-matching";
import { flagSql, setFlag } from "../db/transaction-flags";

/*
 * A payment's behaviours, whoever asks for them: the panel's "Marcar Pago"
 * and its undo, the roll call's "Recebi em espécie", an exemption or a
 * discount; the bank statement pays through finance/pay-from-statement.ts.
 * The status (or the amount due) is set here; the database writes the
 * payment record (registrations_money_update: amount, method, source,
 * custodian; decision 040) and the activity log in the same transaction,
 * with the person named by the actor database.
 */

/**
 * "Marcar Pago" and its undo. situacao is named so the seat triggers run: a Vencida who pays goes back in line,
 * or to a free seat. docs/schema.md follows what it fires (schema-doc-actions.ts, checked by a test).
 */
export const SET_PAYMENT_STATUS_SQL =
  "UPDATE registrations SET status_pagamento = $2, situacao = situacao, updated_at = now() WHERE id = $1 RETURNING id";

async function setPaymentStatus(db: Queryable, id: string, status: "confirmado" | "pendente"): Promise<Registration> {
  const [row] = await db.query<{ id: string }>(SET_PAYMENT_STATUS_SQL, [id, status]);
  if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  // Read in a statement of its own: the place in line counts the row as the update left it.
  return readRegistration(db, id);
}

/**
 * Locks a registration, then reads what it has paid, in a second statement:
 * read in the statement that waited for the lock, the payments would be those
 * of before the wait (a statement line linked meanwhile on another instance).
 */
async function lockAndReadPaid(tx: Queryable, id: string): Promise<number> {
  const [locked] = await tx.query("SELECT 1 FROM registrations WHERE id = $1 FOR UPDATE", [id]);
  if (!locked) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  const [{ pago }] = await tx.query<{ pago: number }>("SELECT caravana_pago_liquido($1) AS pago", [id]);
  return pago;
}

/** "Marcar Pago": the payment is confirmed, by the method the person chose. */
export const markPaid = (db: Queryable, id: string) => setPaymentStatus(db, id, "confirmado");

/** "Pago" tapped again, or "Desfazer": the payment is pending again. */
export const markUnpaid = (db: Queryable, id: string) => setPaymentStatus(db, id, "pendente");

/**
 * "Recebi em espécie": paid in cash at the bus door, by a seated person.
 * Someone already paid keeps the method they paid with, so a second phone's
 * tap changes nothing.
 */
export async function receiveCash(db: Queryable, id: string): Promise<void> {
  const [row] = await db.query<{ nome_completo: string; situacao: string }>(
    // The record says the cash came at the bus door, received by whoever tapped (caravana.pagamento).
    `WITH chamada AS (SELECT ${flagSql("caravana.pagamento", `'${JSON.stringify({ origem: "chamada" })}'`)}),
     paid AS (
       UPDATE registrations SET status_pagamento = 'confirmado', metodo_pagamento = 'ESPECIE', updated_at = now()
       WHERE id = $1 AND situacao = 'vaga' AND status_pagamento <> 'confirmado' AND EXISTS (SELECT FROM chamada)
       RETURNING id)
     SELECT nome_completo, situacao FROM registrations WHERE id = $1`,
    [id],
  );
  if (!row) throw new NotFoundError(BOARDING_MESSAGES.notFound);
  if (row.situacao !== "vaga") throw new ConflictError(BOARDING_MESSAGES.notSeated(row.nome_completo));
}

/**
 * "Isento" (a new amount of 0) or "Desconto" (a lower amount), with a reason;
 * the price itself undoes them. Recorded as its own line, so "what is still
 * to be received" stays true; someone exempted owes nothing and counts as paid.
 */
export async function adjustAmount(
  db: Database,
  id: string,
  input: { valor_centavos: number; motivo: string },
): Promise<Registration> {
  return db.transaction((tx) => adjustAmountIn(tx, id, input));
}

/** adjustAmount inside a transaction the caller holds (a companion added with a price or as "Isento"). */
export async function adjustAmountIn(
  tx: Queryable,
  id: string,
  input: { valor_centavos: number; motivo: string },
): Promise<Registration> {
  // The database writes the exemption or the discount with this reason (caravana_registrations_money).
  await setFlag(tx, "caravana.pagamento", { origem: "ajuste", motivo: input.motivo });
  const pago = await lockAndReadPaid(tx, id);
  if (pago > 0) throw new ConflictError(FINANCE_MESSAGES.adjustPaid);
  const [{ preco }] = await tx.query<{ preco: number }>(
    "SELECT preco_centavos AS preco FROM registrations WHERE id = $1",
    [id],
  );
  // A discount lowers the price; it never raises what someone owes.
  if (input.valor_centavos > preco) throw new InvalidInputError(FINANCE_MESSAGES.discountAbovePrice(preco));
  // Never 'pendente' over money received: that would write an undo of a payment the bank made.
  const [row] = await tx.query<RegistrationRow>(
    `UPDATE registrations SET situacao = situacao, valor_centavos = CASE WHEN $2 = preco_centavos THEN NULL ELSE $2 END,
       status_pagamento = CASE WHEN $2 = 0 THEN 'confirmado'
                               WHEN caravana_pago_liquido(id) > 0 THEN status_pagamento ELSE 'pendente' END,
       updated_at = now()
     WHERE id = $1 RETURNING ${REGISTRATION_COLUMNS}`,
    [id, input.valor_centavos],
  );
  return toRegistration(row);
}

/** A registration's payment records, oldest first (each confirmation, undo, exemption and discount), and what it owes. */
export async function paymentHistory(db: Queryable, id: string): Promise<RegistrationPayments> {
  const [reg] = await db.query<Omit<RegistrationPayments, "registros">>(
    `SELECT coalesce(preco_centavos, 0) AS preco_centavos, caravana_valor_devido(r) AS devido_centavos, nome_pagador
     FROM registrations r WHERE id = $1`,
    [id],
  );
  if (!reg) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  const registros = await db.query<PaymentRecord>(
    `SELECT p.id::text, p.tipo, p.valor_centavos, p.metodo, p.origem, p.registrado_por_nome, u.nome AS recebido_por_nome,
            p.em, p.motivo,
            CASE WHEN l.id IS NULL THEN NULL ELSE
              json_build_object('banco', l.banco, 'data', to_char(l.data, 'YYYY-MM-DD'), 'pagador', l.pagador,
                                'descricao', l.descricao, 'escrito', l.pagador_escrito) END AS extrato
     FROM pagamentos p LEFT JOIN admin_users u ON u.id = p.recebido_por
     LEFT JOIN extrato_linhas l ON l.id = p.extrato_linha_id
     WHERE p.inscricao_id = $1 ORDER BY p.id`,
    [id],
  );
  // The payer as the bank wrote it, not the folded key the statement's repeats are found by.
  for (const r of registros) {
    if (!r.extrato) continue;
    const { descricao, escrito, ...extrato } = r.extrato as typeof r.extrato & {
      descricao?: string | null;
      escrito?: string | null;
    };
    // As the bank wrote it: kept at the import, since a paid line's description is cleared.
    r.extrato = { ...extrato, pagador: escrito || payerAsWritten(descricao ?? "") || extrato.pagador };
  }
  return { ...reg, registros };
}

/**
 * Deleting a paid registration: the money's fate is said first. "reembolsar"
 * leaves a refund pending (registrations_money_delete opens it); "manter"
 * decides it at once, with the reason.
 */
export async function deleteWithMoney(
  db: Database,
  actor: { id: number; nome: string },
  id: string,
  choice: { dinheiro?: "reembolsar" | "manter"; motivo?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const pago = await lockAndReadPaid(tx, id);
    if (pago > 0 && !choice.dinheiro)
      throw new ConflictError(FINANCE_MESSAGES.moneyChoiceNeeded, { pago_centavos: pago });
    const motivo = choice.motivo?.trim();
    if (pago > 0 && choice.dinheiro === "manter" && !motivo)
      throw new InvalidInputError(FINANCE_MESSAGES.reasonRequired);
    await tx.query("DELETE FROM registrations WHERE id = $1", [id]);
    if (pago > 0 && choice.dinheiro === "manter") {
      await tx.query(
        `UPDATE reembolsos SET estado = 'sem_reembolso', motivo = $2, resolvido_por = $3, resolvido_por_nome = $4
         WHERE inscricao_id = $1 AND estado = 'pendente'`,
        [id, motivo, actor.id, actor.nome],
      );
    }
  });
}
