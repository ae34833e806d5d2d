import { type ExpenseInput, FINANCE_MESSAGES } from "../../shared/finance";
import type { ExpenseView } from "../../shared/finance-views";
import type { Queryable } from "../db/database";
import { HttpError } from "../http-error";

const EXPENSE_SQL = `SELECT id::text, descricao, valor_centavos, to_char(data, 'YYYY-MM-DD') AS data, categoria,
  comprovante IS NOT NULL AS tem_comprovante, registrada_por_nome FROM despesas`;

export async function listExpenses(db: Queryable): Promise<ExpenseView[]> {
  return db.query<ExpenseView>(`${EXPENSE_SQL} ORDER BY data DESC, id DESC`);
}

export async function addExpense(
  db: Queryable,
  actor: { id: number; nome: string },
  input: ExpenseInput,
  receipt: { data: Buffer; type: string } | null,
): Promise<ExpenseView> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO despesas (descricao, valor_centavos, data, categoria, comprovante, comprovante_tipo, registrada_por,
       registrada_por_nome) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text`,
    [
      input.descricao,
      input.valor_centavos,
      input.data,
      input.categoria,
      receipt?.data ?? null,
      receipt?.type ?? null,
      actor.id,
      actor.nome,
    ],
  );
  const [view] = await db.query<ExpenseView>(`${EXPENSE_SQL} WHERE id = $1`, [row.id]);
  return view;
}

export async function removeExpense(db: Queryable, id: string): Promise<void> {
  const gone = await db.query("DELETE FROM despesas WHERE id = $1 RETURNING id", [id]);
  if (!gone.length) throw new HttpError(404, FINANCE_MESSAGES.expenseNotFound);
}

export async function expenseReceipt(db: Queryable, id: string): Promise<{ data: Uint8Array; type: string } | null> {
  const [row] = await db.query<{ comprovante: Uint8Array | null; comprovante_tipo: string | null }>(
    "SELECT comprovante, comprovante_tipo FROM despesas WHERE id = $1",
    [id],
  );
  return row?.comprovante && row.comprovante_tipo ? { data: row.comprovante, type: row.comprovante_tipo } : null;
}
