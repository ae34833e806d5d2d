import type { InputHTMLAttributes } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  error?: string;
}

/** A labelled input with its message underneath, wired for screen readers. */
export function TextField({ name, label, error, ...input }: TextFieldProps) {
  const id = `campo-${name}`;
  const errorId = `${id}-erro`;
  return (
    <div className="v-field">
      <label className="v-field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="v-field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
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
