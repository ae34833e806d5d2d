import { useState } from "react";
import { personalLink } from "../../../../shared/my-registration";
import { whatsappShare } from "../../../../shared/phone";
import { ownLinkText } from "../../../../shared/whatsapp-texts";
import { appConfig } from "../../../lib/app-config";
import { copyText } from "../../../lib/clipboard";
import { toast } from "../../../lib/toast";

/**
 * "Salvar este link": the registration's own link, with its secret after "#"
 * (never sent to a server), to copy or to send to one's own WhatsApp.
 */
export function PersonalLink({ id, token, name }: { id: string; token: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const link = personalLink(appConfig().publicUrl, id, token);
  const message = ownLinkText(name, link);
  return (
    <div className="my-link">
      <p className="my-help">
        Salve este link: ele abre esta página em qualquer celular. No WhatsApp, escolha uma conversa (pode ser com você
        mesmo(a)). Não compartilhe com quem não é da família.
      </p>
      <div className="my-actions">
        <button
          type="button"
          className="v-btn v-btn-outline"
          onClick={() =>
            copyText(link)
              .then(() => {
                setCopied(true);
                toast("success", "Link copiado", "Cole em um lugar seguro, como suas notas.");
              })
              .catch(() => toast("error", "Não foi possível copiar", "Use o botão do WhatsApp para salvar o link."))
          }
        >
          {copied ? "Link copiado" : "Copiar link"}
        </button>
        <a className="v-btn v-btn-whatsapp" href={whatsappShare(message)} target="_blank" rel="noopener noreferrer">
          Enviar o link pelo WhatsApp
        </a>
      </div>
    </div>
  );
}
