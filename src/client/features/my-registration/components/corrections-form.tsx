import { type FormEvent, useId, useState } from "react";
import { brDay } from "../../../../shared/dates";
import { KINSHIP, kinshipChoices } from "../../../../shared/minors";
import { type MyRegistration, myCorrectionsSchema } from "../../../../shared/my-registration";
import { firstMessage } from "../../../../shared/registration-schema";
import { ApiError, UNKNOWN_ERROR } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { saveCorrections } from "../api/my-registration-api";

/** What only the family knows: the guardian, the relationship and the health notes, until "Alterações até". */
export function CorrectionsForm({
  view,
  token,
  onSaved,
  onCancel,
}: {
  view: MyRegistration;
  token: string;
  onSaved: (view: MyRegistration) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [guardian, setGuardian] = useState(view.responsavel_nome ?? "");
  const [kinship, setKinship] = useState<string>(view.parentesco ?? "");
  const [health, setHealth] = useState(view.saude ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { responsavel_nome: guardian, parentesco: kinship, saude: health };
    const parsed = myCorrectionsSchema.safeParse(body);
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onSaved(await saveCorrections(view.id, token, body));
      toast("success", "Dados salvos", "A coordenação já vê as mudanças.");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="my-corrections" onSubmit={submit} noValidate>
      <p className="my-help">
        {view.alteracoes_ate ? `Até ${brDay(view.alteracoes_ate)}, ` : ""}a família corrige aqui o responsável e os
        cuidados de saúde. Nome, idade e telefone só a coordenação altera.
      </p>
      <div className="v-field">
        <label className="v-field-label" htmlFor={`${id}-guardian`}>
          Nome do responsável
        </label>
        <input
          id={`${id}-guardian`}
          className="v-field-input"
          maxLength={120}
          autoComplete="name"
          value={guardian}
          onChange={(e) => setGuardian(e.target.value)}
        />
      </div>
      <div className="v-field">
        <label className="v-field-label" htmlFor={`${id}-kinship`}>
          Parentesco
        </label>
        <select
          id={`${id}-kinship`}
          className="v-field-input"
          value={kinship}
          onChange={(e) => setKinship(e.target.value)}
        >
          <option value="">Selecione</option>
          {kinshipChoices(view.parentesco).map((k) => (
            <option key={k} value={k}>
              {KINSHIP[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="v-field">
        <label className="v-field-label" htmlFor={`${id}-health`}>
          Cuidados de saúde
        </label>
        <textarea
          id={`${id}-health`}
          className="v-field-input"
          rows={3}
          maxLength={500}
          value={health}
          onChange={(e) => setHealth(e.target.value)}
        />
      </div>
      {error && (
        <p className="v-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="my-actions">
        <button type="submit" className="v-btn v-btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? "Salvando..." : "Salvar dados"}
        </button>
        <button type="button" className="v-btn v-btn-outline" disabled={busy} onClick={onCancel}>
          Voltar sem salvar
        </button>
      </div>
    </form>
  );
}
