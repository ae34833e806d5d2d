import type { InputHTMLAttributes } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  error?: string;
  /** A line of help under the label. */
  hint?: string;
}

/** A labelled input with its message underneath, wired for screen readers. */
export function TextField({ name, label, error, hint, ...input }: TextFieldProps) {
  const id = `campo-${name}`;
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="v-field">
      <label className="v-field-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="v-field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        className="v-field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="v-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
