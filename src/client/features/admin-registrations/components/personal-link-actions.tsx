import { useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { whatsappTo } from "../../../../shared/phone";
import { personalLinkText } from "../../../../shared/whatsapp-texts";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ApiError, UNKNOWN_ERROR } from "../../../lib/api";
import { appConfig } from "../../../lib/app-config";
import { toast } from "../../../lib/toast";
import { replacePersonalLink, sendPersonalLink } from "../api/personal-link";

const message = (r: Registration, link: string) => personalLinkText(appConfig(), r.nome_completo, link);

/**
 * "Enviar link" opens WhatsApp to the guardian's number with the personal
 * link ("Minha inscrição"), the way back for someone who lost the phone and
 * the code; "Gerar novo link" makes the old ones stop, for a phone that
 * changed hands. A tab is opened at the tap, before the answer, so the
 * browser does not block it as a popup.
 */
export function PersonalLinkActions({ registration: r }: { registration: Registration }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!r.referencia || !r.numero_responsavel) return null;
  const phone = r.numero_responsavel;

  async function run(kind: "send" | "replace") {
    const tab = window.open("", "_blank");
    setBusy(true);
    try {
      const link = kind === "send" ? await sendPersonalLink(r.id) : await replacePersonalLink(r.id);
      const href = whatsappTo(phone, message(r, link.link));
      if (tab) {
        tab.opener = null;
        tab.location.href = href;
      } else window.location.href = href;
      if (kind === "replace") toast("success", "Novo link gerado", "Os links anteriores não abrem mais a inscrição.");
    } catch (e) {
      tab?.close();
      toast("error", "Não foi possível gerar o link", e instanceof ApiError ? e.message : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <dt>Minha inscrição</dt>
      <dd className="admin-details-link">
        <button type="button" className="admin-btn admin-btn-success" disabled={busy} onClick={() => void run("send")}>
          Enviar link
        </button>
        <button type="button" className="admin-btn admin-btn-outline" disabled={busy} onClick={() => setAsking(true)}>
          Gerar novo link
        </button>
        {asking && (
          <ConfirmDialog
            title="Gerar novo link?"
            confirmLabel="Gerar e enviar"
            onConfirm={() => void run("replace")}
            onClose={() => setAsking(false)}
          >
            Os links antigos param de funcionar, inclusive nos celulares que já abriam a inscrição de {r.nome_completo}.
            O novo link vai pelo WhatsApp para o número do responsável.
          </ConfirmDialog>
        )}
      </dd>
    </div>
  );
}
