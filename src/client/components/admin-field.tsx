import type { ReactNode } from "react";

/** What the field's control takes, so that a screen reader reads its hint or its error with it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface AdminFieldProps {
  /** The control's id; the hint and the error are `<id>-hint` and `<id>-error`. */
  id: string;
  label: ReactNode;
  /** Under the control while there is no error. */
  hint?: ReactNode;
  /** Replaces the hint, and marks the control invalid. */
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A panel field: its label, its control, and the hint or the error under it,
 * tied to the control (aria-describedby, aria-invalid). A field with a hint or
 * an error of its own uses it; a plain label and input needs nothing more than
 * the `admin-field` class.
 */
export function AdminField({ id, label, hint, error, className, children }: AdminFieldProps) {
  const note = error ? "error" : hint ? "hint" : null;
  return (
    <div className={className ? `admin-field ${className}` : "admin-field"}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": note ? `${id}-${note}` : undefined,
      })}
      {note && (
        <p id={`${id}-${note}`} className={`admin-field-${note}`}>
          {error || hint}
        </p>
      )}
    </div>
  );
}
