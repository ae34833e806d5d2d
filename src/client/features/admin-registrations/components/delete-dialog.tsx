import { useId, useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { toast } from "../../../lib/toast";
import { reportAdminError } from "../../../lib/admin-session";
import { ModalDialog } from "../../../components/modal-dialog";
import { DialogActions } from "../../../components/dialog-actions";
import { deleteRegistration, moveSeat } from "../api/registrations-api";

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

  // "Desistência", beside "Excluir": the person stays in the counts and the accounts (decision 041).
  async function gaveUp() {
    setDeleting(true);
    try {
      await moveSeat(r.id, {
        de: { situacao: r.situacao, onibus_id: r.onibus_id },
        para: { situacao: "desistente", onibus_id: null },
      });
      toast("success", "Desistência registrada", `${r.nome_completo} agora é desistente; a vaga foi liberada.`);
      onDeleted();
    } catch (e) {
      reportAdminError("Erro ao registrar a desistência", e);
      setDeleting(false);
    }
  }

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
      {r.situacao !== "desistente" && (
        <div className="admin-delete-gave-up">
          <p>
            A pessoa desistiu? Registre a <strong>desistência</strong>: a inscrição continua nas contas e nos totais, a
            vaga fica livre para a próxima pessoa da lista de espera e, se estava paga, a devolução fica em Reembolsos
            pendentes. Excluir é para inscrições feitas por engano.
          </p>
          <button type="button" className="admin-btn admin-btn-outline" disabled={deleting} onClick={gaveUp}>
            Registrar desistência
          </button>
        </div>
      )}
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
