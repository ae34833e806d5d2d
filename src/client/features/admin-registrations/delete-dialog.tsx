import { useId, useState } from "react";
import type { Registration } from "../../../shared/api-types";
import { toast } from "../../lib/toast";
import { reportAdminError } from "../../lib/admin-session";
import { ModalDialog } from "../../components/modal-dialog";
import { DialogActions } from "../../components/dialog-actions";
import { deleteRegistration } from "./registrations-api";

interface Props {
  registration: Registration;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteDialog({ registration: r, onClose, onDeleted }: Props) {
  const id = useId();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteRegistration(r.id);
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
      <DialogActions
        onCancel={onClose}
        busy={deleting}
        focusCancel
        action={{ label: "Excluir", busyLabel: "Excluindo...", danger: true, onClick: confirm }}
      />
    </ModalDialog>
  );
}
