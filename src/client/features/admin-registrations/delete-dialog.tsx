import { useId, useState } from "react";
import type { Registration } from "../../../shared/api-types";
import { toast } from "../../lib/toast";
import { reportAdminError } from "../../lib/admin-session";
import { ModalDialog } from "../../components/modal-dialog";
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
      <div className="admin-dialog-actions">
        <button
          type="button"
          className="admin-btn admin-btn-outline"
          onClick={onClose}
          disabled={deleting}
          data-autofocus
        >
          Cancelar
        </button>
        <button
          type="button"
          className="admin-btn admin-btn-danger"
          onClick={confirm}
          disabled={deleting}
          aria-busy={deleting}
        >
          {deleting && <span className="admin-spinner" aria-hidden="true" />}
          {deleting ? "Excluindo..." : "Excluir"}
        </button>
      </div>
    </ModalDialog>
  );
}
