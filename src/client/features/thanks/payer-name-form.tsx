import { type FormEvent, useState } from "react";
import { payerNameSchema, firstMessage } from "../../../shared/registration-schema";
import { api, ApiError, UNKNOWN_ERROR } from "../../lib/api";
import { toast } from "../../lib/toast";

interface Props {
  registrationId: string;
  uploadToken: string;
  /** The name typed in the form, already saved with the registration. */
  initial?: string;
}

/**
 * "Nome de quem vai pagar (titular da conta)" after the registration: the
 * name the bank statement will print, so the coordination finds the PIX.
 */
export function PayerNameForm({ registrationId, uploadToken, initial }: Props) {
  const [name, setName] = useState(initial ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(initial || null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = payerNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api(`/api/registrations/${encodeURIComponent(registrationId)}/payer`, {
        method: "PUT",
        json: { nome_pagador: parsed.data ?? "" },
        headers: { Authorization: `Bearer ${uploadToken}` },
      });
      setSaved(parsed.data ?? null);
      toast("success", "Nome salvo", "A coordenação vai achar o seu PIX mais rápido.");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="thanks-payer" onSubmit={submit} noValidate>
      <label className="v-field-label" htmlFor="campo-pagador-obrigado">
        Nome de quem vai pagar (titular da conta)
      </label>
      <p className="v-field-hint" id="campo-pagador-obrigado-dica">
        Opcional. Se o PIX sair da conta de outra pessoa (mãe, pai, responsável), diga o nome dela.
      </p>
      <div className="thanks-payer-row">
        <input
          id="campo-pagador-obrigado"
          className="v-field-input"
          autoComplete="off"
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`campo-pagador-obrigado-dica${error ? " campo-pagador-obrigado-erro" : ""}`}
        />
        <button type="submit" className="v-btn v-btn-outline" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Salvando..." : "Salvar"}
        </button>
      </div>
      {error && (
        <p id="campo-pagador-obrigado-erro" className="v-field-error">
          {error}
        </p>
      )}
      {saved && !error && (
        <p role="status">
          Quem vai pagar: <strong>{saved}</strong>
        </p>
      )}
    </form>
  );
}
