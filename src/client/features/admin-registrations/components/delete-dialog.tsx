import { useId, useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { toast } from "../../../lib/toast";
import { reportAdminError } from "../../../lib/admin-session";
import { ModalDialog } from "../../../components/modal-dialog";
import { DialogActions } from "../../../components/dialog-actions";
import { deleteRegistration } from "../api/registrations-api";

interface Props {
  registration: Registration;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteDialog({ registration: r, onClose, onDeleted }: Props) {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  const paid = r.status_pagamento === "confirmado";
  const [money, setMoney] = useState<"reembolsar" | "manter">("reembolsar");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (paid && money === "manter" && reason.trim().length < 2) {
      setError("Diga o motivo de ficar com o valor.");
      return;
    }
    setError(null);
    setDeleting(true);
    try {
      await deleteRegistration(r.id, paid ? { dinheiro: money, motivo: reason.trim() } : undefined);
      toast("success", "Inscrição Excluída", `A inscrição de ${r.nome_completo} foi excluída.`);
      onDeleted();
    } catch (e) {
      reportAdminError("Erro ao excluir a inscrição", e);
      setDeleting(false);
    }
  }

  return (
    <ModalDialog title="Excluir Inscrição" onClose={onClose} busy={deleting} describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="admin-delete-text">
        Tem certeza que deseja excluir a inscrição de: <strong>{r.nome_completo}</strong>. Esta ação não pode ser
        desfeita.
      </p>
      {paid && (
        <fieldset className="admin-choice admin-delete-money">
          <legend>Esta inscrição está paga. O que acontece com o dinheiro?</legend>
          <label>
            <input
              type="radio"
              name={`${id}-money`}
              checked={money === "reembolsar"}
              onChange={() => setMoney("reembolsar")}
            />{" "}
            Devolver (fica em Reembolsos pendentes, no Financeiro)
          </label>
          <label>
            <input type="radio" name={`${id}-money`} checked={money === "manter"} onChange={() => setMoney("manter")} />{" "}
            Ficar com o valor, sem reembolso
          </label>
          {money === "manter" && (
            <div className="admin-field">
              <label htmlFor={`${id}-reason`}>Motivo</label>
              <input id={`${id}-reason`} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
            </div>
          )}
          {error && (
            <p className="admin-field-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <DialogActions
        onCancel={onClose}
        busy={deleting}
        focusCancel
        action={{ label: "Excluir", busyLabel: "Excluindo...", danger: true, onClick: confirm }}
      />
    </ModalDialog>
  );
}
