import { FinancePage } from "../features/admin-finance/components/finance-page";
import { AdminSubpage } from "./admin-subpage";

/** /admin/financeiro: statements, cash, refunds and expenses (Equipe: their own cash). */
export function FinanceRoute() {
  return (
    <AdminSubpage title="Financeiro">
      <FinancePage />
    </AdminSubpage>
  );
}
