import { KINSHIP, kinshipChoices } from "../../../shared/minors";
import { TextField } from "./text-field";

/** Under 18: who the guardian is, and their relationship ("Parentesco"); the phone stays "Número Responsável". */
export function GuardianFields({
  name,
  kinship,
  onName,
  onKinship,
  errors,
  readOnly,
}: {
  name: string;
  kinship: string;
  onName: (v: string) => void;
  onKinship: (v: string) => void;
  errors: { name?: string; kinship?: string };
  readOnly: boolean;
}) {
  const id = "campo-parentesco";
  return (
    <>
      <TextField
        name="responsavel_nome"
        label="Nome do responsável"
        autoComplete="off"
        maxLength={120}
        value={name}
        onChange={(e) => onName(e.target.value)}
        error={errors.name}
        readOnly={readOnly}
      />
      <div className="v-field">
        <label className="v-field-label" htmlFor={id}>
          Parentesco
        </label>
        <select
          id={id}
          name="parentesco"
          className="v-field-input"
          value={kinship}
          onChange={(e) => onKinship(e.target.value)}
          disabled={readOnly}
          aria-invalid={errors.kinship ? true : undefined}
          aria-describedby={errors.kinship ? `${id}-erro` : undefined}
        >
          <option value="">Escolha…</option>
          {kinshipChoices(kinship).map((k) => (
            <option key={k} value={k}>
              {KINSHIP[k]}
            </option>
          ))}
        </select>
        {errors.kinship && (
          <p id={`${id}-erro`} className="v-field-error">
            {errors.kinship}
          </p>
        )}
      </div>
    </>
  );
}

/** "Cuidados de saúde": optional, for everyone; only the coordination and the bus leader read it. */
export function HealthField({
  value,
  onChange,
  error,
  readOnly,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  readOnly: boolean;
}) {
  const id = "campo-saude";
  return (
    <div className="v-field">
      <label className="v-field-label" htmlFor={id}>
        Cuidados de saúde (alergias, medicamentos, restrições)
      </label>
      <p className="v-field-hint" id={`${id}-dica`}>
        Opcional. Só a coordenação e o responsável pelo ônibus leem.
      </p>
      <textarea
        id={id}
        name="saude"
        className="v-field-input v-field-textarea"
        rows={2}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-dica${error ? ` ${id}-erro` : ""}`}
      />
      {error && (
        <p id={`${id}-erro`} className="v-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
