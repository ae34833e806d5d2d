/** A form dialog's last row: "Cancelar", and the submit button with its spinner while it saves. */
export function FormDialogActions({
  onCancel,
  busy,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="admin-dialog-actions">
      <button type="button" className="admin-btn admin-btn-outline" onClick={onCancel} disabled={busy}>
        Cancelar
      </button>
      <button type="submit" className="admin-btn admin-btn-primary" disabled={busy} aria-busy={busy}>
        {busy && <span className="admin-spinner" aria-hidden="true" />}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
