import { useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { markedPaid, markPaid } from "../api/mark-paid";
import { markedUnpaid, markUnpaid } from "../api/mark-unpaid";

/**
 * The list's "Marcar Pago" / "Pago" button: one tap marks or un-marks, and
 * its toast offers "Desfazer", since one tap is easy to make by mistake.
 */
export function usePaidToggle(onSaved: (reg: Registration) => void) {
  const [busy, setBusy] = useState(false);

  async function run(r: Registration, paid: boolean, undoable: boolean): Promise<void> {
    setBusy(true);
    try {
      const saved = await (paid ? markPaid(r.id) : markUnpaid(r.id));
      onSaved(saved);
      toast(
        "success",
        "Status Atualizado",
        paid ? markedPaid(saved) : markedUnpaid(saved),
        undoable ? { label: "Desfazer", onClick: () => void run(saved, !paid, false) } : undefined,
      );
    } catch (e) {
      reportAdminError("Erro ao atualizar status do pagamento", e);
    } finally {
      setBusy(false);
    }
  }

  return { busy, toggle: (r: Registration) => run(r, r.status_pagamento !== "confirmado", true) };
}
