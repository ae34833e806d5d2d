interface HoneypotFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A field people never see or reach (off-screen, out of the tab order and of
 * the accessibility tree); form-filling bots fill it, and the server refuses those.
 */
export function HoneypotField({ value, onChange }: HoneypotFieldProps) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="campo-website">Deixe este campo em branco</label>
      <input
        id="campo-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
