import type { ReactNode } from "react";
import { toast } from "../../lib/toast";
import { useAppConfig } from "../../lib/app-config";
import { copyText } from "../../lib/clipboard";
import { coordinationWhatsappLink } from "../../lib/coordination-whatsapp";
import { receiptMessage, shareReceipt } from "./share-receipt";

interface PixPanelProps {
  /** Name typed so far, so the WhatsApp message says who paid. */
  name: string;
  /** "Nome de quem vai pagar": the account holder's name, which bank statements print. */
  payerField?: ReactNode;
}

async function copyPixKey(key: string) {
  try {
    await copyText(key);
    toast("success", "VAGAS LIMITADAS!", "Chave PIX copiada. Faça o pagamento e envie o comprovante pelo WhatsApp.");
  } catch (err) {
    console.error("Erro ao copiar a chave PIX", err);
    toast("error", "Não foi possível copiar a chave PIX.", "Selecione a chave e copie manualmente.");
  }
}

/**
 * How to pay by PIX: key, steps, sending the receipt, and the seats warning
 * last. No QR code here: a code made before the registration carries no
 * reference, so the statement could not match it; the code with the
 * registration's own reference comes after "Enviar Inscrição".
 */
export function PixPanel({ name, payerField }: PixPanelProps) {
  const { pixKey, price } = useAppConfig();
  const message = receiptMessage(name);
  return (
    <section className="pay-panel pay-panel-pix" aria-labelledby="pix-panel-title">
      <h3 id="pix-panel-title" className="pay-panel-title">
        Pagamento via PIX
      </h3>

      <div className="pix-key">
        <p className="pix-key-label">Chave PIX</p>
        <p className="pix-key-value">{pixKey}</p>
        <button type="button" className="v-btn v-btn-gold" onClick={() => void copyPixKey(pixKey)}>
          Copiar chave PIX
        </button>
      </div>

      <p className="pix-after-note">
        <strong>O QR Code vem depois.</strong> Ao tocar em “Enviar Inscrição”, aparecem o QR Code e o PIX Copia e Cola
        com o código da sua inscrição: pagando com eles, a coordenação encontra o seu pagamento automaticamente.
      </p>
      {payerField}

      <ol className="pay-steps">
        <li>
          <span className="pay-step-number" aria-hidden="true">
            1
          </span>
          <span>
            <strong>Pague {price}</strong> no app do seu banco usando a chave PIX acima, ou o QR Code e o PIX Copia e
            Cola que aparecem depois de enviar a inscrição.
          </span>
        </li>
        <li>
          <span className="pay-step-number" aria-hidden="true">
            2
          </span>
          <span>
            <strong>Envie o comprovante</strong> na página que abre depois da inscrição, ou pelo WhatsApp para a
            coordenação.
          </span>
        </li>
      </ol>

      <div className="pay-actions">
        <button type="button" className="v-btn v-btn-outline" onClick={() => void shareReceipt(message)}>
          Compartilhar comprovante
        </button>
        <a
          className="v-btn v-btn-whatsapp"
          href={coordinationWhatsappLink(message)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Enviar pelo WhatsApp
        </a>
      </div>

      <p className="pay-warning">
        <strong>Atenção:</strong> as vagas da caravana são limitadas por causa da quantidade de ônibus. Garanta a sua!
      </p>
    </section>
  );
}
