import { consentText } from "../../../shared/privacy";
import { useAppConfig } from "../../lib/app-config";

interface ConsentFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
}

/** The guardian's authorisation, asked only for participants under 18 (LGPD). */
export function ConsentField({ checked, onChange, error, disabled }: ConsentFieldProps) {
  const { eventTitle, groupName } = useAppConfig();
  const id = "campo-consentimento";
  const errorId = `${id}-erro`;
  return (
    <div className="v-field consent-field">
      <div className="consent-row">
        <input
          id={id}
          name="consentimento"
          type="checkbox"
          className="consent-checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
        />
        <label htmlFor={id} className="consent-label">
          {consentText(eventTitle, groupName)}
        </label>
      </div>
      {error && (
        <p id={errorId} className="v-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
