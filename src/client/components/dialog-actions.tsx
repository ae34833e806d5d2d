/** The dialog's action: a submit button in a form, or a button with its own click. */
export interface DialogAction {
  label: string;
  /** What the button says while it runs ("Salvando..."); the label otherwise. */
  busyLabel?: string;
  /** Absent: the button submits the dialog's form. */
  onClick?: () => void;
  danger?: boolean;
}

/**
 * A dialog's last row: "Cancelar" (or the word given) and, when there is one,
 * the action with its spinner while it runs. Both wait while it runs.
 */
export function DialogActions({
  onCancel,
  cancelLabel = "Cancelar",
  busy = false,
  action,
  focusCancel = false,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  busy?: boolean;
  action?: DialogAction;
  /** The safe choice takes the focus when the dialog opens (a question before something easy to regret). */
  focusCancel?: boolean;
}) {
  return (
    <div className="admin-dialog-actions">
      <button
        type="button"
        className="admin-btn admin-btn-outline"
        onClick={onCancel}
        disabled={busy}
        data-autofocus={focusCancel || undefined}
      >
        {cancelLabel}
      </button>
      {action && (
        <button
          type={action.onClick ? "button" : "submit"}
          className={`admin-btn ${action.danger ? "admin-btn-danger" : "admin-btn-primary"}`}
          onClick={action.onClick}
          disabled={busy}
          aria-busy={busy}
        >
          {busy && <span className="admin-spinner" aria-hidden="true" />}
          {busy ? (action.busyLabel ?? action.label) : action.label}
        </button>
      )}
    </div>
  );
}
