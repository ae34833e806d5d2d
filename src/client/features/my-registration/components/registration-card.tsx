import { type ReactNode, useId, useState } from "react";
import { type MyRegistration, releasedMessage } from "../../../../shared/my-registration";
import { dayMonthIn, deadlineIn } from "../../../../shared/dates";
import { formatPrice } from "../../../../shared/price";
import { releasedSeatText } from "../../../../shared/whatsapp-texts";
import PixPaymentCode from "../../../components/pix/pix-payment-code";
import { useAppConfig } from "../../../lib/app-config";
import { coordinationWhatsappLink } from "../../../lib/coordination-whatsapp";
import { Link } from "../../../lib/router";
import { CorrectionsForm } from "./corrections-form";
import { GiveUpButton } from "./give-up-button";
import { MessagePreference } from "./message-preference";
import { PersonalLink } from "./personal-link";

/** What the route brings from other features for one registration: the receipt, the payer's name, the pass. */
export interface CardSlots {
  receipt: (view: MyRegistration, token: string) => ReactNode;
  payer: (id: string, token: string, initial: string | null) => ReactNode;
  pass: (view: MyRegistration) => ReactNode;
}

function PaymentState({ view }: { view: MyRegistration }) {
  const { timeZone } = useAppConfig();
  const p = view.pagamento;
  if (view.situacao === "espera" && p.estado === "pago")
    return (
      <p className="my-state my-state-ok">Pago, aguardando vaga. Se não abrir vaga, a coordenação devolve o valor.</p>
    );
  if (view.situacao === "espera") return <p className="my-state">Não pague agora: você está na lista de espera.</p>;
  if (view.situacao === "vencida") return <p className="my-state">Não pague agora: fale antes com a coordenação.</p>;
  if (p.estado === "isento") return <p className="my-state my-state-ok">Isento de pagamento</p>;
  if (p.estado === "pago")
    return (
      <p className="my-state my-state-ok">
        Pago{p.pago_em ? ` em ${dayMonthIn(p.pago_em, timeZone)}` : ""}
        {p.como ? `, ${p.como}` : ""}
      </p>
    );
  return (
    <>
      <p className="my-state my-state-due">
        Pendente: <strong className="thanks-nowrap">{formatPrice(p.devido_centavos)}</strong>
        {p.desconto_centavos > 0 && ` (com desconto de ${formatPrice(p.desconto_centavos)})`}
      </p>
      {view.prazo_pagamento && (
        <p className="my-deadline">
          Pagar até <strong>{deadlineIn(view.prazo_pagamento, timeZone)}</strong>. Depois disso, a vaga passa para a
          próxima pessoa da lista de espera.
        </p>
      )}
    </>
  );
}

function SeatState({ view }: { view: MyRegistration }) {
  const { timeZone, groupName } = useAppConfig();
  if (view.situacao === "vencida")
    return (
      <>
        <p className="my-state my-state-due">
          {releasedMessage(view.prazo_pagamento ? deadlineIn(view.prazo_pagamento, timeZone) : "o prazo")}
        </p>
        <a
          className="v-btn v-btn-whatsapp my-talk"
          href={coordinationWhatsappLink(releasedSeatText({ groupName }, view.nome_completo, view.referencia))}
          target="_blank"
          rel="noopener noreferrer"
        >
          Falar com a coordenação no WhatsApp
        </a>
      </>
    );
  if (view.situacao === "desistente")
    return (
      <>
        <p className="my-state">Desistente: você desistiu desta inscrição, e a vaga foi liberada.</p>
        {view.pagamento.estado === "pago" && (
          <p className="my-help">
            O valor que você pagou entrou na lista de devoluções da coordenação, que vai combinar a devolução com você
            pelo WhatsApp do responsável.
          </p>
        )}
      </>
    );
  if (view.situacao === "espera")
    return (
      <p className="my-state">
        Lista de espera{view.posicao_espera ? `: ${view.posicao_espera}ª posição` : ""}. Avisamos quando abrir uma vaga.
      </p>
    );
  // Unpaid, the seat is held until the deadline, not yet guaranteed.
  const owing = view.pagamento.estado === "pendente";
  return (
    <p className="my-state my-state-ok">
      {view.onibus_nome ? `Vaga no ${view.onibus_nome}` : owing ? "Vaga reservada" : "Vaga garantida"}
    </p>
  );
}

/** One registration on "Minha inscrição": where it stands, and what the family can do. */
export function RegistrationCard({
  view,
  token,
  slots,
  onChanged,
  onRegisterAnother,
}: {
  view: MyRegistration;
  token: string;
  slots: CardSlots;
  onChanged: (view: MyRegistration) => void;
  onRegisterAnother: (view: MyRegistration) => void;
}) {
  const id = useId();
  const [correcting, setCorrecting] = useState(false);
  const owes = view.situacao === "vaga" && view.pagamento.estado === "pendente" && view.pagamento.devido_centavos > 0;
  const gaveUp = view.situacao === "desistente";
  return (
    <article className="my-card" aria-labelledby={`${id}-name`}>
      <header className="my-card-head">
        <h2 id={`${id}-name`} className="my-card-name">
          {view.nome_completo}
        </h2>
        <p className="my-card-code">
          Código <strong>{view.referencia}</strong> · {view.evento}
        </p>
      </header>

      <div className="my-section">
        <h3 className="my-section-title">Vaga</h3>
        <SeatState view={view} />
      </div>

      {!gaveUp && (
        <div className="my-section">
          <h3 className="my-section-title">Pagamento</h3>
          <PaymentState view={view} />
          <p className="my-help">
            {view.pagamento.comprovante_recebido
              ? "Comprovante recebido pela coordenação."
              : owes && view.pagamento.metodo === "PIX"
                ? "Nenhum comprovante enviado ainda."
                : ""}
          </p>
          {owes && view.pagamento.metodo === "PIX" && (
            <>
              <PixPaymentCode reference={view.referencia} priceCents={view.pagamento.devido_centavos} />
              {slots.payer(view.id, token, view.pagamento.nome_pagador)}
            </>
          )}
          {owes && view.pagamento.metodo === "ESPECIE" && (
            <p className="my-help">Pague em dinheiro à coordenação antes da viagem.</p>
          )}
          {/* Once confirmed, the receipt can no longer be changed (routes/receipts.ts). */}
          {owes && view.pagamento.metodo === "PIX" && slots.receipt(view, token)}
        </div>
      )}

      {view.autorizacao && !gaveUp && (
        <div className="my-section">
          <h3 className="my-section-title">Autorização de viagem</h3>
          {view.autorizacao === "entregue" ? (
            <p className="my-state my-state-ok">Entregue à coordenação</p>
          ) : (
            <>
              <p className="my-state my-state-due">Falta entregar</p>
              <p className="my-help">
                Menores de 16 anos só viajam com a autorização assinada pelo responsável, com firma reconhecida.
              </p>
              <Link className="v-btn v-btn-outline" href={`/obrigado/autorizacao?inscricao=${view.id}`}>
                Imprimir a autorização
              </Link>
            </>
          )}
        </div>
      )}

      {!gaveUp && view.situacao === "vaga" && slots.pass(view)}

      {view.pode_alterar && (
        <div className="my-section">
          <h3 className="my-section-title">Dados da família</h3>
          {correcting ? (
            <CorrectionsForm
              view={view}
              token={token}
              onSaved={(v) => {
                onChanged(v);
                setCorrecting(false);
              }}
              onCancel={() => setCorrecting(false)}
            />
          ) : (
            <>
              <p className="my-help">
                Responsável: {view.responsavel_nome ?? "não informado"}
                {view.saude ? " · Cuidados de saúde informados" : ""}
              </p>
              <button type="button" className="v-btn v-btn-outline" onClick={() => setCorrecting(true)}>
                Corrigir dados
              </button>
            </>
          )}
        </div>
      )}

      {!gaveUp && <MessagePreference view={view} token={token} onChanged={onChanged} />}

      <PersonalLink id={view.id} token={token} name={view.nome_completo} />

      <div className="my-actions">
        <button type="button" className="v-btn v-btn-outline" onClick={() => onRegisterAnother(view)}>
          Inscrever outra pessoa
        </button>
        {!gaveUp && !view.embarcou && <GiveUpButton view={view} token={token} onDone={onChanged} />}
      </div>
    </article>
  );
}
