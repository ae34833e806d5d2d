import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { EXPENSE_CATEGORIES, type ExpenseCategory, expenseSchema } from "../../../../shared/finance";
import type { ExpenseView } from "../../../../shared/finance-views";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { addExpense, listExpenses, removeExpense } from "../api/finance-api";
import { centavosOf, reais, todayIso } from "../utils/money";
import { brDay } from "../../../../shared/dates";

/** "Despesas": what the caravan spent, with an optional receipt file, for the accounts. */
export function ExpensesCard({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [expenses, setExpenses] = useState<ExpenseView[] | null>(null);
  const [descricao, setDescricao] = useState("");
  const [valor, setValor] = useState("");
  const [data, setData] = useState(todayIso());
  const [categoria, setCategoria] = useState<ExpenseCategory>("onibus");
  const [emEspecie, setEmEspecie] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setExpenses(await listExpenses());
    } catch (e) {
      reportAdminError("Erro ao carregar as despesas", e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = {
      descricao,
      valor_centavos: String(centavosOf(valor) ?? -1),
      data,
      categoria,
      em_especie: String(emEspecie),
    };
    const parsed = expenseSchema.safeParse(fields);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    setSaving(true);
    try {
      await addExpense(fields, fileRef.current?.files?.[0] ?? null);
      toast("success", "Despesa registrada", `${descricao}: ${reais(parsed.data.valor_centavos)}`);
      setDescricao("");
      setValor("");
      setEmEspecie(false);
      if (fileRef.current) fileRef.current.value = "";
      await load();
      onChanged();
    } catch (err) {
      reportAdminError("Erro ao registrar a despesa", err);
    } finally {
      setSaving(false);
    }
  }

  async function remove(expense: ExpenseView) {
    setRemoving(expense.id);
    try {
      await removeExpense(expense.id);
      toast("success", "Despesa removida", expense.descricao);
      await load();
      onChanged();
    } catch (err) {
      reportAdminError("Erro ao remover a despesa", err);
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="admin-card finance-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Despesas</h2>
      <form className="admin-edit-form finance-expense-form" onSubmit={submit} noValidate>
        <div className="admin-field">
          <label htmlFor={`${id}-descricao`}>Descrição</label>
          <input
            id={`${id}-descricao`}
            value={descricao}
            maxLength={120}
            onChange={(e) => setDescricao(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-valor`}>Valor (R$)</label>
          <input
            id={`${id}-valor`}
            inputMode="decimal"
            value={valor}
            placeholder="120,00"
            onChange={(e) => setValor(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-data`}>Data</label>
          <input id={`${id}-data`} type="date" value={data} onChange={(e) => setData(e.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-categoria`}>Categoria</label>
          <select
            id={`${id}-categoria`}
            value={categoria}
            onChange={(e) => setCategoria(e.target.value as ExpenseCategory)}
          >
            {Object.entries(EXPENSE_CATEGORIES).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <label className="finance-check">
          <input type="checkbox" checked={emEspecie} onChange={(e) => setEmEspecie(e.target.checked)} /> Paguei em
          espécie, com o dinheiro da caravana que está comigo
        </label>
        <div className="admin-field">
          <label htmlFor={`${id}-arquivo`}>Comprovante (opcional)</label>
          <input id={`${id}-arquivo`} ref={fileRef} type="file" accept="image/*,application/pdf" />
        </div>
        {error && (
          <p className="admin-field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="admin-btn admin-btn-primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? "Registrando..." : "Registrar despesa"}
        </button>
      </form>
      {expenses && expenses.length > 0 && (
        <ul className="finance-lines" aria-label="Despesas registradas">
          {expenses.map((x) => (
            <li key={x.id} className="finance-line">
              <div className="finance-line-head">
                <strong>{reais(x.valor_centavos)}</strong>
                <span>{brDay(x.data)}</span>
                <span>{EXPENSE_CATEGORIES[x.categoria]}</span>
              </div>
              <p className="finance-line-text">
                {x.descricao}
                {x.pago_em_especie_por_nome ? ` · paga em espécie por ${x.pago_em_especie_por_nome}` : ""}
              </p>
              <div className="finance-line-actions">
                {x.tem_comprovante && (
                  <a
                    className="admin-btn admin-btn-outline"
                    href={`/api/finance/expenses/${x.id}/receipt`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Ver comprovante
                  </a>
                )}
                <button
                  type="button"
                  className="admin-btn admin-btn-outline"
                  disabled={removing === x.id}
                  onClick={() => void remove(x)}
                >
                  {removing === x.id ? "Removendo..." : "Remover"}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
