import type { ReactNode } from "react";
import type { RegistrationFound } from "../../../shared/api-types";
import { formatPrice } from "../../../shared/price";
import { deadlineIn } from "../../../shared/dates";
import { useAppConfig } from "../../lib/app-config";
import PixPaymentCode from "../../components/pix/pix-payment-code";

interface ThanksPixProps {
  registration: RegistrationFound;
  /** wa.me link with the receipt message (and the reference), the way that works from any phone. */
  whatsappHref: string;
  receiptUpload: ReactNode;
  /** "Nome de quem vai pagar", when this phone made the registration. */
  payerForm?: ReactNode;
  /** What is owed now (after a discount), once the registration was read; else the price it was made at. */
  owedCents?: number;
}

/** "Pagar até 16/08 às 20:00", as "Minha inscrição" says it: the seat's deadline, when it has one (decision 049). */
export function DeadlineLine({ deadline }: { deadline: string | null | undefined }) {
  const { timeZone } = useAppConfig();
  if (!deadline) return null;
  return (
    <p className="thanks-deadline">
      Pagar até <strong>{deadlineIn(deadline, timeZone)}</strong>. Depois disso, a vaga passa para a próxima pessoa da
      lista de espera.
    </p>
  );
}

/** After a PIX registration: the reference, the code to pay with it, and the receipt upload. */
export function ThanksPix({ registration: r, whatsappHref, receiptUpload, payerForm, owedCents }: ThanksPixProps) {
  // What is owed; before it is read, the price it was made at (answers stored before prices were kept: the current one).
  const current = useAppConfig();
  const priceCents = owedCents ?? (typeof r.preco_centavos === "number" ? r.preco_centavos : current.priceCents);
  const price = formatPrice(priceCents);
  // Stored answers from before references existed have none: the code then simply carries no reference.
  const reference = typeof r.referencia === "string" && r.referencia ? r.referencia : undefined;
  return (
    <section className="thanks-pix" aria-labelledby="thanks-pix-title">
      <h2 id="thanks-pix-title" className="thanks-pix-title">
        Pagamento via PIX
      </h2>
      {reference && (
        <div className="thanks-code">
          <h3 className="thanks-code-value">
            Seu código: <strong>{reference}</strong>
          </h3>
          <p className="thanks-code-help">
            Ele já está no QR Code e no Copia e Cola abaixo: assim a coordenação sabe que o pagamento é seu.
          </p>
        </div>
      )}
      <p className="thanks-pix-lead">
        Ainda não pagou? Pague <strong className="thanks-nowrap">{price}</strong> com o QR Code ou o PIX Copia e Cola:
      </p>
      <DeadlineLine deadline={r.prazo_pagamento} />
      <PixPaymentCode reference={reference} priceCents={priceCents} />
      {payerForm}

      <hr className="thanks-divider" />
      {receiptUpload}

      <div className="thanks-reminder">
        <p>
          Prefere o WhatsApp? Envie o comprovante do PIX de <span className="thanks-nowrap">{price}</span> para a
          coordenação
          {reference ? `, com o seu código ${reference}` : ""}.
        </p>
        <a className="v-btn v-btn-whatsapp" href={whatsappHref} target="_blank" rel="noopener noreferrer">
          Enviar comprovante pelo WhatsApp
        </a>
      </div>
    </section>
  );
}
