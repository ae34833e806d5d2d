import { useId } from "react";
import { ModalDialog } from "./modal-dialog";

/** A question before a change that is easy to make by mistake: what will change, "Cancelar" and the action. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <ModalDialog title={title} onClose={onClose} describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="admin-delete-text">
        {children}
      </p>
      <div className="admin-dialog-actions">
        <button type="button" className="admin-btn admin-btn-outline" onClick={onClose} data-autofocus>
          Cancelar
        </button>
        <button
          type="button"
          className={`admin-btn ${danger ? "admin-btn-danger" : "admin-btn-primary"}`}
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
