import { type FormEvent, useRef, useState } from "react";
import type { AlreadyRegistered, RegistrationCreated } from "../../../shared/api-types";
import type { SeatSummary } from "../../../shared/seats";
import { maskPhone } from "../../../shared/phone";
import { ADULT_AGE } from "../../../shared/privacy";
import { fieldMessages, registrationInputSchema } from "../../../shared/registration-schema";
import { dismissToasts, toast } from "../../lib/toast";
import { api, ApiError, UNKNOWN_ERROR } from "../../lib/api";
import { useAppConfig } from "../../lib/app-config";
import { navigate } from "../../lib/router";
import { CashPanel } from "./cash-panel";
import { ConsentField } from "./consent-field";
import { GuardianFields, HealthField } from "./guardian-fields";
import { HoneypotField } from "./honeypot-field";
import { clearDraft, type DraftValues, hasContent, loadDraft, saveDraft } from "./form-draft";
import { AlreadyRegisteredNotice, isAlreadyRegistered } from "./already-registered-notice";
import { MyRegistrationLink } from "./my-registration-link";
import { PaymentMethodField } from "./payment-method-field";
import { PixPanel } from "./pix-panel";
import { PrivacyNotice } from "./privacy-notice";
import { SeatsLeft, soldOut, WaitingListPanel } from "./seats-notice";
import { saveRegistrationSuccess } from "./success-storage";
import { MAX_FAMILY_PROOFS, NAME_MAX_LENGTH } from "../../../shared/constants";
import { TextField } from "./text-field";

type FormValues = DraftValues & { website: string };

/**
 * The registrations this phone holds, with their secrets: a sibling registered here joins their family, so
 * the first one's code finds both from another phone (decision 041). Loaded at the submit, like the list
 * itself, so the form's first load does not grow; without it the registration goes alone.
 */
async function familyProofs(): Promise<{ id: string; token: string }[]> {
  try {
    const { heldRegistrations } = await import("../../lib/held-registrations");
    return heldRegistrations()
      .slice(-MAX_FAMILY_PROOFS)
      .map(({ id, token }) => ({ id, token }));
  } catch {
    return [];
  }
}
type Errors = Partial<Record<keyof FormValues, string>>;
const FIELD_ORDER: (keyof FormValues)[] = [
  "nome_completo",
  "idade",
  "numero_responsavel",
  "responsavel_nome",
  "parentesco",
  "consentimento",
  "saude",
];

const draftOf = ({ website: _honeypot, ...kept }: FormValues): DraftValues => kept;

/** The consent box shows once the age typed is a valid age under 18. */
function isMinorAge(idade: string): boolean {
  const n = Number(idade.trim());
  return idade.trim() !== "" && Number.isInteger(n) && n >= 4 && n < ADULT_AGE;
}

function validate(values: FormValues) {
  const result = registrationInputSchema.safeParse(values);
  return result.success
    ? { data: result.data, errors: {} as Errors }
    : { data: null, errors: fieldMessages(result.error) as Errors };
}

interface RegistrationFormProps {
  /** Hidden while registrations are closed; what was typed survives a reopening. */
  hidden: boolean;
  /** Seat counts, live; null until known. */
  seats: SeatSummary | null;
  onSuccess: (created: RegistrationCreated) => void;
}

export function RegistrationForm({ hidden, seats, onSuccess }: RegistrationFormProps) {
  const { price, membersNotice } = useAppConfig();
  const [restored] = useState(loadDraft);
  const [values, setValues] = useState<FormValues>({ ...restored.values, website: "" });
  const [key, setKey] = useState(restored.key);
  const [recovered, setRecovered] = useState(() => hasContent(restored.values));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [registered, setRegistered] = useState<AlreadyRegistered | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second tap in the same frame must already see it.
  const busyRef = useRef(false);
  const waiting = soldOut(seats);

  const change = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field !== "website") saveDraft({ values: draftOf(next), key });
    // Spec: validation on submit, then on every change after the first submit.
    if (submitted) setErrors(validate(next).errors);
  };

  const clear = () => {
    const fresh = clearDraft();
    setValues({ ...fresh.values, website: "" });
    setKey(fresh.key);
    setErrors({});
    setSubmitted(false);
    setRegistered(null);
    setRecovered(false);
    document.getElementById("campo-nome_completo")?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    setSubmitted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELD_ORDER.find((f) => found[f]);
      if (first) document.getElementById(`campo-${first}`)?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setRegistered(null);
    try {
      const familia = await familyProofs();
      const created = await api<RegistrationCreated>("/api/registrations", {
        method: "POST",
        json: familia.length ? { ...data, familia } : data,
        headers: { "Idempotency-Key": key },
      });
      saveRegistrationSuccess(
        {
          ...created,
          idade: data.idade,
          ...(data.metodo_pagamento === "PIX" && data.nome_pagador ? { nome_pagador: data.nome_pagador } : {}),
        },
        data.nome_completo,
      );
      clearDraft();
      // An earlier attempt's "Erro na inscrição" would otherwise still show over the success and /obrigado.
      dismissToasts("error");
      // Stays busy: the success overlay and the redirect take over from here.
      onSuccess(created);
    } catch (err) {
      const already = err instanceof ApiError && isAlreadyRegistered(err.body) ? err.body : null;
      if (already) setRegistered(already);
      else {
        const message = err instanceof ApiError ? err.message : UNKNOWN_ERROR;
        console.error("Erro ao adicionar inscrição:", message);
        toast("error", "Erro na inscrição", message);
      }
      busyRef.current = false;
      setBusy(false);
    }
  };

  // The phone that made it finds it there; another phone asks with the guardian's number and the code.
  const showRegistered = () => {
    clearDraft();
    navigate("/minha-inscricao");
  };

  return (
    <form
      className="signup-card intro-step"
      noValidate
      onSubmit={submit}
      hidden={hidden}
      aria-labelledby="signup-title"
    >
      <h2 id="signup-title" className="signup-title">
        Formulário de Inscrição
      </h2>
      <p className="signup-notice">{membersNotice}</p>
      <p className="signup-price">
        <span>Valor da inscrição</span>
        <strong>{price}</strong>
      </p>
      <SeatsLeft seats={seats} />
      {hasContent(values) && (
        <p className="signup-draft">
          {recovered && <span role="status">Recuperamos o que foi preenchido neste aparelho.</span>}
          <button type="button" className="signup-clear" onClick={clear} disabled={busy}>
            Limpar formulário
          </button>
        </p>
      )}

      {/* Read-only while sending, not disabled: a disabled field drops the focus (and the phone's keyboard). */}
      <TextField
        name="nome_completo"
        label="Nome completo"
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        value={values.nome_completo}
        onChange={(e) => change("nome_completo", e.target.value)}
        error={errors.nome_completo}
        readOnly={busy}
      />
      <TextField
        name="idade"
        label="Idade"
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        value={values.idade}
        onChange={(e) => change("idade", e.target.value)}
        error={errors.idade}
        readOnly={busy}
      />
      <TextField
        name="numero_responsavel"
        label="Número Responsável"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(99) 99999-9999"
        value={values.numero_responsavel}
        onChange={(e) => change("numero_responsavel", maskPhone(e.target.value))}
        error={errors.numero_responsavel}
        readOnly={busy}
      />
      {isMinorAge(values.idade) && (
        <GuardianFields
          name={values.responsavel_nome}
          kinship={values.parentesco}
          onName={(v) => change("responsavel_nome", v)}
          onKinship={(v) => change("parentesco", v)}
          errors={{ name: errors.responsavel_nome, kinship: errors.parentesco }}
          readOnly={busy}
        />
      )}
      <HealthField value={values.saude} onChange={(v) => change("saude", v)} error={errors.saude} readOnly={busy} />
      {isMinorAge(values.idade) && (
        <ConsentField
          checked={values.consentimento}
          onChange={(checked) => change("consentimento", checked)}
          error={errors.consentimento}
          disabled={busy}
        />
      )}
      <HoneypotField value={values.website} onChange={(v) => change("website", v)} />
      <PaymentMethodField
        value={values.metodo_pagamento}
        onChange={(method) => change("metodo_pagamento", method)}
        disabled={busy}
      />

      {waiting ? (
        <WaitingListPanel />
      ) : values.metodo_pagamento === "PIX" ? (
        <PixPanel
          name={values.nome_completo}
          payerField={
            <TextField
              name="nome_pagador"
              label="Nome de quem vai pagar (titular da conta)"
              hint="Opcional. Ajuda a coordenação a achar o seu PIX no extrato do banco."
              autoComplete="off"
              maxLength={120}
              value={values.nome_pagador}
              onChange={(e) => change("nome_pagador", e.target.value)}
              error={errors.nome_pagador}
              readOnly={busy}
            />
          }
        />
      ) : (
        <CashPanel />
      )}

      {registered && <AlreadyRegisteredNotice message={registered.error} onShow={showRegistered} />}
      <button type="submit" className="v-btn v-btn-primary signup-submit" disabled={busy} aria-busy={busy || undefined}>
        {busy && <span className="v-btn-spinner" aria-hidden="true" />}
        {busy ? "Processando sua inscrição..." : waiting ? "Entrar na lista de espera" : "Enviar Inscrição"}
      </button>
      {/* After the button: a keyboard user coming from the doors goes straight into the fields. */}
      <MyRegistrationLink />
      <PrivacyNotice />
    </form>
  );
}
