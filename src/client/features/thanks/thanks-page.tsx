import type { ReactNode } from "react";
import type { RegistrationFound } from "../../../shared/api-types";
import { closedEditionMessage, type MyRegistration, releasedMessage } from "../../../shared/my-registration";
import { deadlineIn } from "../../../shared/dates";
import { fold } from "../../../shared/fold";
import { TIMINGS } from "../../../shared/constants";
import { ofGroup } from "../../../shared/group-name";
import { formatPrice } from "../../../shared/price";
import { useAppConfig } from "../../lib/app-config";
import { Link } from "../../lib/router";
import { DeadlineLine, ThanksPix } from "./thanks-pix";
import { useRotatingIndex } from "./use-rotating-message";
import "./thanks.css";

interface ThanksPageProps {
  /** The server's answer to the registration just made, for the right next steps; null if unknown. */
  registration: RegistrationFound | null;
  /** wa.me link with the receipt message, shown for PIX. */
  whatsappHref: string;
  /** wa.me link asking the coordination when and where to pay in cash, shown for Espécie. */
  cashWhatsappHref: string;
  /** The receipt upload, shown for PIX (the route brings it from its own feature). */
  receiptUpload: ReactNode;
  /** "Seu cartão de embarque", for a seated person. */
  boardingPass: ReactNode;
  /** "Nome de quem vai pagar", shown for PIX. */
  payerForm?: ReactNode;
  /** "Autorização de viagem", for someone under 16. */
  authorization?: ReactNode;
  /** "Quer ser avisado(a) aqui…?": notices on this phone, offered right after sign-up. */
  notices?: (now: { waiting: boolean; paid: boolean }) => ReactNode;
  /**
   * The registration as it is now, followed live: a payment, a seat from the waiting list, or an edition
   * closed since (then no charge and no pass). Null until read, or when this phone cannot read it.
   */
  now?: { view: MyRegistration } | { closedEdition: string } | null;
}

export function ThanksPage({
  registration,
  whatsappHref,
  cashWhatsappHref,
  receiptUpload,
  boardingPass,
  payerForm,
  authorization,
  notices,
  now,
}: ThanksPageProps) {
  const view = now && "view" in now ? now.view : null;
  const seat = view ? view.situacao : registration?.situacao;
  const waiting = seat === "espera";
  const released = seat === "vencida";
  const paid = view ? view.pagamento.estado !== "pendente" : false;
  // Nobody pays for a seat they do not have yet.
  const paymentMethod = waiting || released ? null : (registration?.metodo_pagamento ?? null);
  const { thanksMessages, eventTitle, eventDate, eventTime, eventPlace, eventCity, price, groupName, timeZone } =
    useAppConfig();
  const index = useRotatingIndex(thanksMessages.length, TIMINGS.messageRotation);
  // What this family owes (a discount included) once read; before that, the price it was made at.
  const owed = view
    ? formatPrice(view.pagamento.devido_centavos)
    : typeof registration?.preco_centavos === "number"
      ? formatPrice(registration.preco_centavos)
      : price;
  if (now && "closedEdition" in now) return <ClosedEditionThanks edition={now.closedEdition} />;

  return (
    <main className="visitor-main thanks">
      <div className="thanks-card">
        {waiting ? (
          <WaitingNotice
            position={view ? view.posicao_espera : (registration?.posicao_espera ?? null)}
            code={registration?.referencia ?? null}
          />
        ) : (
          <>
            <p className="thanks-badge">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
              </svg>
              Inscrição Confirmada
            </p>
            <h1 className="thanks-title">Bem-vindo(a) à caravana!</h1>
            <p className="thanks-welcome">
              Sua inscrição na caravana {ofGroup(groupName)} foi recebida. Que alegria caminhar com você rumo à{" "}
              {eventTitle}, Jovens peregrinos da Esperança!
            </p>
          </>
        )}

        {notices?.({ waiting, paid })}

        {/* key restarts the fade for each new message */}
        <p key={index} className="thanks-message">
          {thanksMessages[index]}
        </p>

        <dl className="thanks-facts">
          <div>
            <dt>Data</dt>
            <dd>
              {eventDate} · {eventTime}
            </dd>
          </div>
          <div>
            <dt>Local</dt>
            <dd>{placeWithCity(eventPlace, eventCity)}</dd>
          </div>
        </dl>

        {/* The news first, then what is still to do (paying, with its deadline; the authorisation), and last the
            pass, which is for the trip's day. */}
        {paid && view && <PaidLine view={view} />}
        {released && view && (
          <p className="thanks-reminder">
            {releasedMessage(view.prazo_pagamento ? deadlineIn(view.prazo_pagamento, timeZone) : "o prazo")}
          </p>
        )}
        {!paid && registration && paymentMethod === "PIX" && (
          <ThanksPix
            registration={view ? { ...registration, prazo_pagamento: view.prazo_pagamento } : registration}
            whatsappHref={whatsappHref}
            receiptUpload={receiptUpload}
            payerForm={payerForm}
            owedCents={view?.pagamento.devido_centavos}
          />
        )}
        {!paid && paymentMethod === "ESPECIE" && (
          <div className="thanks-reminder">
            <p>
              Não esqueça: procure alguém da coordenação {ofGroup(groupName)} para pagar {owed} em espécie.
            </p>
            <DeadlineLine deadline={view ? view.prazo_pagamento : registration?.prazo_pagamento} />
            <a className="v-btn v-btn-outline" href={cashWhatsappHref} target="_blank" rel="noopener noreferrer">
              Combinar o pagamento pelo WhatsApp
            </a>
          </div>
        )}
        {authorization}
        {!waiting && boardingPass}

        <div className="thanks-mine">
          <p>
            Para acompanhar o pagamento, a vaga e a autorização depois, toque abaixo. Em outro celular, use o número do
            responsável e o código.
          </p>
          <Link href="/minha-inscricao" className="v-btn v-btn-primary">
            Ver minha inscrição
          </Link>
        </div>

        <Link href="/" className="thanks-home">
          Voltar ao início
        </Link>
      </div>
    </main>
  );
}

/** "LOCAL": the place, with its city unless it already names it. */
function placeWithCity(place: string, city: string): string {
  return fold(place).includes(fold(city)) ? place : `${place}, ${city}`;
}

/** Confirmed since the registration: no code to pay with, no receipt to send (a family could pay twice). */
function PaidLine({ view }: { view: MyRegistration }) {
  const p = view.pagamento;
  return (
    <p className="thanks-paid" role="status">
      {p.estado === "isento"
        ? "Isento de pagamento."
        : `Pagamento confirmado${p.como ? ` (${p.como})` : ""}. Obrigado!`}
    </p>
  );
}

/** An old phone's thank-you page after "Encerrar edição": last year's registration, no charge and no pass. */
function ClosedEditionThanks({ edition }: { edition: string }) {
  const { eventTitle } = useAppConfig();
  return (
    <main className="visitor-main thanks">
      <div className="thanks-card">
        <p className="thanks-badge thanks-badge-waiting">Edição encerrada</p>
        <p className="thanks-welcome">{closedEditionMessage(edition)}</p>
        <Link href="/" className="v-btn v-btn-primary">
          Fazer inscrição para a {eventTitle}
        </Link>
        <Link href="/minha-inscricao" className="thanks-home">
          Ver minha inscrição
        </Link>
      </div>
    </main>
  );
}

/** A registration made while every seat was taken: its place in line, its code, and no payment asked. */
function WaitingNotice({ position, code }: { position: number | null; code: string | null }) {
  return (
    <>
      <p className="thanks-badge thanks-badge-waiting">Inscrição recebida</p>
      <h1 className="thanks-title">Você está na lista de espera</h1>
      {position !== null && (
        <p className="thanks-position">
          Sua posição: <strong>{position}º</strong>
        </p>
      )}
      {code && (
        <p className="thanks-position">
          Seu código: <strong>{code}</strong>
        </p>
      )}
      <p className="thanks-welcome">
        Os ônibus da caravana estão lotados. Quando abrir uma vaga, a coordenação chama pela ordem da lista, no número
        do responsável. Não pague agora: o pagamento só é feito quando a vaga for confirmada.
      </p>
    </>
  );
}
