import type { PaymentMethod } from "../../../shared/constants";

const OPTIONS: { value: PaymentMethod; label: string; icon: string }[] = [
  { value: "PIX", label: "PIX", icon: "M12 2 2 12l10 10 10-10zm0 4.2L17.8 12 12 17.8 6.2 12z" },
  { value: "ESPECIE", label: "Espécie", icon: "M2 6h20v12H2zm2 2v8h16V8zm8 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z" },
];

interface PaymentMethodFieldProps {
  value: PaymentMethod;
  onChange: (value: PaymentMethod) => void;
  disabled: boolean;
}

export function PaymentMethodField({ value, onChange, disabled }: PaymentMethodFieldProps) {
  return (
    <fieldset className="v-field method-field" disabled={disabled}>
      <legend className="v-field-label">Forma de pagamento</legend>
      <div className="method-options">
        {OPTIONS.map((option) => (
          <label key={option.value} className="method-option">
            <input
              type="radio"
              name="metodo_pagamento"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d={option.icon} fill="currentColor" fillRule="evenodd" />
            </svg>
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
