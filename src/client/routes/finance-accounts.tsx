import { AccountsPage } from "../features/admin-finance/components/accounts-page";
import { AdminSubpage } from "./admin-subpage";

/** /admin/financeiro/contas: "Prestação de contas" (Coordenação), printable on A4. */
export function FinanceAccountsRoute() {
  return (
    <AdminSubpage title="Prestação de contas" coordinationOnly>
      <AccountsPage />
    </AdminSubpage>
  );
}
