import { useState } from "react";
import { useIsCoordination } from "../../../lib/admin-session";
import { Link } from "../../../lib/router";
import { CashCard } from "./cash-card";
import { ExpensesCard } from "./expenses-card";
import { ImportStatementCard } from "./import-statement-card";
import { RefundsCard } from "./refunds-card";
import { StatementLinesCard } from "./statement-lines-card";
import "./finance.css";

/**
 * "Financeiro": the bank statement, cash and who holds it, refunds, expenses,
 * and the way to the accounts. Equipe sees their own cash and hands it over.
 */
export function FinancePage() {
  const coordination = useIsCoordination();
  // Bumped after an import or a decision, so the other cards read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  if (!coordination) return <CashCard />;
  return (
    <div className="finance-page">
      <div className="finance-top">
        <Link href="/admin/financeiro/contas" className="admin-btn admin-btn-outline">
          Prestação de contas
        </Link>
      </div>
      <ImportStatementCard onImported={changed} />
      <StatementLinesCard reloadKey={version} />
      <CashCard />
      <RefundsCard reloadKey={version} />
      <ExpensesCard onChanged={changed} />
    </div>
  );
}
