import { type ExpenseInput, FINANCE_MESSAGES } from "../../shared/finance";
import type { ExpenseView } from "../../shared/finance-views";
import type { Queryable } from "../db/database";
import { NotFoundError } from "../domain-errors";

const EXPENSE_SQL = `SELECT d.id::text, d.descricao, d.valor_centavos, to_char(d.data, 'YYYY-MM-DD') AS data, d.categoria,
  d.comprovante IS NOT NULL AS tem_comprovante, d.registrada_por_nome, u.nome AS pago_em_especie_por_nome
  FROM despesas d LEFT JOIN admin_users u ON u.id = d.pago_em_especie_por`;

export async function listExpenses(db: Queryable): Promise<ExpenseView[]> {
  return db.query<ExpenseView>(`${EXPENSE_SQL} ORDER BY d.data DESC, d.id DESC`);
}

export async function addExpense(
  db: Queryable,
  actor: { id: number; nome: string },
  input: ExpenseInput,
  receipt: { data: Buffer; type: string } | null,
): Promise<ExpenseView> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO despesas (descricao, valor_centavos, data, categoria, comprovante, comprovante_tipo, registrada_por,
       registrada_por_nome, pago_em_especie_por) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text`,
    [
      input.descricao,
      input.valor_centavos,
      input.data,
      input.categoria,
      receipt?.data ?? null,
      receipt?.type ?? null,
      actor.id,
      actor.nome,
      // The database refuses more than this person holds (despesas_cash_out).
      input.em_especie ? actor.id : null,
    ],
  );
  const [view] = await db.query<ExpenseView>(`${EXPENSE_SQL} WHERE d.id = $1`, [row.id]);
  return view;
}

export async function removeExpense(db: Queryable, id: string): Promise<void> {
  const gone = await db.query("DELETE FROM despesas WHERE id = $1 RETURNING id", [id]);
  if (!gone.length) throw new NotFoundError(FINANCE_MESSAGES.expenseNotFound);
}

export async function expenseReceipt(db: Queryable, id: string): Promise<{ data: Uint8Array; type: string } | null> {
  const [row] = await db.query<{ comprovante: Uint8Array | null; comprovante_tipo: string | null }>(
    "SELECT comprovante, comprovante_tipo FROM despesas WHERE id = $1",
    [id],
  );
  return row?.comprovante && row.comprovante_tipo ? { data: row.comprovante, type: row.comprovante_tipo } : null;
}
