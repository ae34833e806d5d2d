import { type FormEvent, useId, useState } from "react";
import "./dialogs.css";
import type { Registration } from "../../../../shared/api-types";
import { NAME_MAX_LENGTH, PAYMENT_METHODS, PAYMENT_STATUSES } from "../../../../shared/constants";
import { maskPhone } from "../../../../shared/phone";
import { fieldMessages, registrationEditSchema } from "../../../../shared/registration-schema";
import { toast } from "../../../lib/toast";
import { reportAdminError } from "../../../lib/admin-session";
import { EDIT_STATUS_LABELS, METHOD_LABELS } from "../utils/format";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import type { SeatOverview } from "../../../../shared/seats";
import { editRegistration, moveSeat } from "../api/registrations-api";
import { needsConfirmation, placeOf, placeValue, SeatField } from "./seat-field";
import { KINSHIP, kinshipChoices } from "../../../../shared/minors";
import { ADULT_AGE } from "../../../../shared/privacy";
import { editedAgeError } from "../../../../shared/companions";

interface Values {
  nome_completo: string;
  idade: string;
  numero_responsavel: string;
  metodo_pagamento: Registration["metodo_pagamento"];
  status_pagamento: Registration["status_pagamento"];
  /** A minor's guardian (decision 037); empty clears it. */
  responsavel_nome: string;
  parentesco: string;
}

/** The edit's fields, or the message of each field that is wrong. */
function validate(values: Values, acompanhante: boolean) {
  const res = registrationEditSchema.safeParse(values);
  const errors: Record<string, string> = res.success ? {} : fieldMessages(res.error);
  const age = errors.idade ? null : editedAgeError(acompanhante, Number(values.idade));
  if (age) errors.idade = age;
  return res.success && !age ? { data: res.data, errors } : { errors };
}

interface Props {
  registration: Registration;
  /** Buses and their free seats, for the "Ônibus" choice. */
  overview: SeatOverview | null;
  onClose: () => void;
  onSaved: (reg: Registration) => void;
}

export function EditDialog({ registration: r, overview, onClose, onSaved }: Props) {
  const id = useId();
  const [values, setValues] = useState<Values>({
    nome_completo: r.nome_completo,
    idade: String(r.idade),
    numero_responsavel: maskPhone(r.numero_responsavel ?? ""),
    metodo_pagamento: r.metodo_pagamento,
    status_pagamento: r.status_pagamento,
    responsavel_nome: r.responsavel_nome ?? "",
    parentesco: r.parentesco ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [place, setPlace] = useState(placeValue(r));
  const moving = place !== placeValue(r);
  const confirming = moving && needsConfirmation(r, placeOf(place));

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    // Spec: validation on submit, then again on every change.
    if (submitted) setErrors(validate(next, r.acompanhante).errors);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const res = validate(values, r.acompanhante);
    if (!res.data) {
      const errs = res.errors;
      setErrors(errs);
      const first = Object.keys(errs)[0];
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      let saved = await editRegistration(r.id, res.data);
      if (moving) {
        const de = { situacao: r.situacao, onibus_id: r.onibus_id };
        saved = await moveSeat(r.id, { de, para: placeOf(place), confirmar: confirming });
      }
      toast("success", "Inscrição Atualizada", `Os dados de ${saved.nome_completo} foram salvos.`);
      onSaved(saved);
    } catch (err) {
      reportAdminError("Erro ao atualizar a inscrição", err);
      setSaving(false);
    }
  }

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof Values) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="admin-field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <ModalDialog title="Editar Inscrição" onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <div className="admin-field">
          <label htmlFor={`${id}-nome_completo`}>Nome completo</label>
          <input
            {...field("nome_completo")}
            type="text"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            value={values.nome_completo}
            onChange={(e) => change("nome_completo", e.target.value)}
            data-autofocus
          />
          {error("nome_completo")}
        </div>
        <div className="admin-field-row">
          <div className="admin-field">
            <label htmlFor={`${id}-idade`}>Idade</label>
            <input
              {...field("idade")}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              value={values.idade}
              onChange={(e) => change("idade", e.target.value)}
            />
            {error("idade")}
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-numero_responsavel`}>Número Responsável</label>
            <input
              {...field("numero_responsavel")}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="(99) 99999-9999"
              value={values.numero_responsavel}
              onChange={(e) => change("numero_responsavel", maskPhone(e.target.value))}
            />
            {error("numero_responsavel")}
          </div>
        </div>
        {(Number(values.idade) < ADULT_AGE || values.responsavel_nome) && (
          <div className="admin-field-row">
            <div className="admin-field">
              <label htmlFor={`${id}-responsavel_nome`}>Nome do responsável</label>
              <input
                {...field("responsavel_nome")}
                type="text"
                autoComplete="off"
                maxLength={120}
                value={values.responsavel_nome}
                onChange={(e) => change("responsavel_nome", e.target.value)}
              />
              {error("responsavel_nome")}
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-parentesco`}>Parentesco</label>
              <select
                {...field("parentesco")}
                value={values.parentesco}
                onChange={(e) => change("parentesco", e.target.value)}
              >
                <option value="">Não informado</option>
                {kinshipChoices(r.parentesco).map((k) => (
                  <option key={k} value={k}>
                    {KINSHIP[k]}
                  </option>
                ))}
              </select>
              {error("parentesco")}
            </div>
          </div>
        )}
        <fieldset className="admin-choice">
          <legend>Forma de pagamento</legend>
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className="admin-choice-option">
              <input
                type="radio"
                name="metodo_pagamento"
                value={m}
                checked={values.metodo_pagamento === m}
                onChange={() => change("metodo_pagamento", m)}
              />
              {METHOD_LABELS[m]}
            </label>
          ))}
          {error("metodo_pagamento")}
        </fieldset>
        <fieldset className="admin-choice">
          <legend>Status do pagamento</legend>
          {PAYMENT_STATUSES.map((s) => (
            <label key={s} className="admin-choice-option">
              <input
                type="radio"
                name="status_pagamento"
                value={s}
                checked={values.status_pagamento === s}
                onChange={() => change("status_pagamento", s)}
              />
              {EDIT_STATUS_LABELS[s]}
            </label>
          ))}
          {error("status_pagamento")}
        </fieldset>
        <SeatField
          id={`${id}-onibus`}
          registration={r}
          overview={overview}
          value={place}
          onChange={setPlace}
          disabled={saving}
        />
        <DialogActions
          onCancel={onClose}
          busy={saving}
          action={{ label: confirming ? "Confirmar e salvar" : "Salvar", busyLabel: "Salvando..." }}
        />
      </form>
    </ModalDialog>
  );
}
