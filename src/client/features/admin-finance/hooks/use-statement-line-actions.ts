import { useState } from "react";
import type { StatementLineView } from "../../../../shared/finance-views";
import { ApiError } from "../../../lib/api";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { confirmLine, ignoreLine } from "../api/finance-api";

/**
 * "Confirmar", "Vincular" and "Ignorar" on statement lines: one at a time,
 * each answer replacing the line where it is shown. A line another person
 * resolved meanwhile comes back as it now is (409), with a toast saying so.
 */
export function useStatementLineActions(onChanged: (line: StatementLineView) => void) {
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(line: StatementLineView, action: () => Promise<StatementLineView>, done: string) {
    setBusyId(line.id);
    try {
      const updated = await action();
      onChanged(updated);
      toast("success", done);
      return true;
    } catch (e) {
      const current =
        e instanceof ApiError && e.status === 409 ? (e.body as { linha?: StatementLineView })?.linha : null;
      if (current) onChanged(current);
      reportAdminError("Não foi possível", e);
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return {
    busyId,
    confirm: (line: StatementLineView, registrationIds: string[]) =>
      run(line, () => confirmLine(line.id, registrationIds), "Pagamento confirmado"),
    ignore: (line: StatementLineView) => run(line, () => ignoreLine(line.id), "Linha ignorada"),
  };
}
