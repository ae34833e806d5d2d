import { useState } from "react";
import type { MyRegistration } from "../../../../shared/my-registration";
import { ApiError } from "../../../lib/api";
import { setMessages } from "../api/my-registration-api";

/**
 * "Não quero receber mensagens": the coordination's WhatsApp reminders and
 * notices leave this registration out from then on, until chosen again.
 */
export function MessagePreference({
  view,
  token,
  onChanged,
}: {
  view: MyRegistration;
  token: string;
  onChanged: (view: MyRegistration) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(receber: boolean) {
    setBusy(true);
    setError(null);
    try {
      onChanged(await setMessages(view.id, token, receber));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="my-section">
      <h3 className="my-section-title">Mensagens da coordenação</h3>
      <p className="my-help" role="status">
        {view.recebe_mensagens
          ? "A coordenação pode enviar lembretes (pagamento, autorização, horário de saída) para o WhatsApp do telefone da inscrição."
          : "Você pediu para não receber mensagens sobre esta inscrição. Acompanhe os avisos por esta página. Irmãos inscritos com o mesmo número continuam recebendo, a não ser que peça na inscrição de cada um."}
      </p>
      <button
        type="button"
        className="v-btn v-btn-outline"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void change(!view.recebe_mensagens)}
      >
        {busy ? "Salvando…" : view.recebe_mensagens ? "Não quero receber mensagens" : "Voltar a receber mensagens"}
      </button>
      {error && (
        <p className="v-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
