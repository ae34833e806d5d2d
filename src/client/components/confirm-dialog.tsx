import { useId } from "react";
import { DialogActions } from "./dialog-actions";
import { ModalDialog } from "./modal-dialog";

/** A question before a change that is easy to make by mistake: what will change, "Cancelar" and the action. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  /** The safe choice's words, where "Cancelar" could read as cancelling the thing itself. */
  cancelLabel?: string;
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
      <DialogActions
        onCancel={onClose}
        cancelLabel={cancelLabel}
        focusCancel
        action={{
          label: confirmLabel,
          danger,
          onClick: () => {
            onConfirm();
            onClose();
          },
        }}
      />
    </ModalDialog>
  );
}
