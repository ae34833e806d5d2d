import { type FormEvent, useId, useState } from "react";
import { lookupSchema } from "../../../../shared/my-registration";
import { maskPhone } from "../../../../shared/phone";
import { firstMessage } from "../../../../shared/registration-schema";
import { ApiError, UNKNOWN_ERROR } from "../../../lib/api";
import { appConfig } from "../../../lib/app-config";
import type { HeldRegistration } from "../../../lib/held-registrations";
import { findRegistrations } from "../api/my-registration-api";

/**
 * "Encontrar minha inscrição", from any phone: the guardian's number and one
 * registration's code open every registration of this edition on that number.
 */
export function FindRegistrationForm({ onFound }: { onFound: (found: HeldRegistration[]) => void }) {
  const id = useId();
  const [telefone, setTelefone] = useState("");
  const [codigo, setCodigo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = lookupSchema.safeParse({ telefone, codigo });
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      return;
    }
    setError(null);
    setFound(null);
    setBusy(true);
    try {
      const { inscricoes } = await findRegistrations(parsed.data);
      const evento = appConfig().eventTitle;
      onFound(inscricoes.map((r) => ({ ...r, evento })));
      setCodigo("");
      const names = inscricoes.map((r) => r.nome_completo).join(", ");
      setFound(
        inscricoes.length === 1
          ? `Encontramos a inscrição de ${names}.`
          : `Encontramos ${inscricoes.length} inscrições: ${names}.`,
      );
      // The cards are at the top of the page; the form is at its end.
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="my-find" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="my-section-title">
        Encontrar minha inscrição
      </h2>
      <p className="my-help">
        Informe o celular do responsável e o código de uma das inscrições (começa com JDJ e está na tela de
        confirmação). Aparecem todas as inscrições desse número.
      </p>
      <div className="v-field">
        <label className="v-field-label" htmlFor={`${id}-tel`}>
          Celular do responsável
        </label>
        <input
          id={`${id}-tel`}
          className="v-field-input"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(98) 99999-9999"
          value={telefone}
          onChange={(e) => setTelefone(maskPhone(e.target.value))}
        />
      </div>
      <div className="v-field">
        <label className="v-field-label" htmlFor={`${id}-code`}>
          Código da inscrição
        </label>
        <input
          id={`${id}-code`}
          className="v-field-input my-code-input"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="JDJ7K3Q"
          maxLength={20}
          value={codigo}
          onChange={(e) => setCodigo(e.target.value.toUpperCase())}
        />
      </div>
      <p className="my-found" role="status">
        {found}
      </p>
      {error && (
        <p className="v-field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="v-btn v-btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? "Procurando..." : "Encontrar"}
      </button>
    </form>
  );
}
