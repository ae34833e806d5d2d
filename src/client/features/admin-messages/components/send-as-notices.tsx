import { useState } from "react";
import type { MessageListView } from "../../../../shared/message-lists";
import { reachText } from "../../../../shared/notices";
import { plural } from "../../../../shared/plural";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { sendListAsNotices } from "../api/messages-api";

/**
 * "Enviar aviso no celular": the families whose phones have notices on get
 * this list's text there, in one tap; the rows left stay below for WhatsApp.
 */
export function SendAsNotices({ list, onSent }: { list: MessageListView; onSent: () => void }) {
  const [busy, setBusy] = useState(false);
  const { pessoas, whatsapp } = list.avisos;

  async function send() {
    setBusy(true);
    try {
      const sent = await sendListAsNotices(list.id);
      toast(
        "success",
        "Aviso enviado",
        sent.pessoas > 0
          ? `Aviso enviado ao celular de ${plural(sent.pessoas, "pessoa", "pessoas")}.`
          : "Ninguém mais desta lista tem os avisos ligados.",
      );
    } catch (e) {
      reportAdminError("Erro ao enviar o aviso", e);
    } finally {
      setBusy(false);
      onSent();
    }
  }

  return (
    <section className="admin-card msg-notices" aria-labelledby="msg-notices-title">
      <h2 id="msg-notices-title">Aviso no celular</h2>
      <p className="msg-progress-text" role="status">
        <strong>{reachText(pessoas, whatsapp)}</strong>
      </p>
      <p className="admin-card-note">
        Quem ativou os avisos no celular recebe este texto como notificação, sem o link pessoal (tocar nela abre a
        inscrição), e a linha conta como enviada. As outras continuam abaixo, para o WhatsApp.
      </p>
      <button
        type="button"
        className="admin-btn admin-btn-primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void send()}
      >
        {busy ? "Enviando…" : `Enviar aviso no celular (${plural(pessoas, "pessoa", "pessoas")})`}
      </button>
    </section>
  );
}
