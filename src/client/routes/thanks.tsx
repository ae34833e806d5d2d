import { useEffect, useState } from "react";
import { TIMINGS } from "../../shared/constants";
import { DecorBackground } from "../features/decor/decor-background";
import { coordinationWhatsappLink } from "../lib/coordination-whatsapp";
import { SiteFooter } from "../features/event-header/site-footer";
import { ReceiptUpload } from "../features/receipt-upload/receipt-upload";
import { receiptMessage } from "../features/registration/share-receipt";
import { hasRegistrationSuccess, lastRegistration } from "../features/registration/success-storage";
import { PayerNameForm } from "../features/thanks/payer-name-form";
// Loaded with the page, not after it: arriving late, the pass pushed what sits below it down under a finger.
// Its QR is still drawn in a worker, in a box that holds its place.
import { BoardingPass } from "../features/thanks/boarding-pass";
import { TravelAuthorizationNotice } from "../features/thanks/travel-authorization-notice";
import { needsAuthorization } from "../../shared/minors";
import { cashPaymentText } from "../../shared/whatsapp-texts";
import { appConfig, useAppConfig } from "../lib/app-config";
import { ThanksPage } from "../features/thanks/thanks-page";
import { navigate } from "../lib/router";
import { heldRegistrations } from "../lib/held-registrations";
import { PushNotices } from "../features/push-notices/components/push-notices";
import { useFollowedRegistration } from "../features/my-registration/hooks/use-followed-registration";

/** /obrigado: only after a registration in this browser; otherwise back to the form. */
export function ThanksRoute() {
  const [allowed] = useState(hasRegistrationSuccess);
  const { travelAuthorization } = useAppConfig();
  const last = lastRegistration();
  // The registration as it is now: a payment, a seat from the list, or an edition closed since (an old phone).
  const [held] = useState(() =>
    last?.upload_token
      ? (heldRegistrations().find((h) => h.id === last.id) ?? {
          id: last.id,
          token: last.upload_token,
          nome_completo: last.nome_completo ?? "",
          referencia: last.referencia ?? "",
          evento: "",
        })
      : null,
  );
  const followed = useFollowedRegistration(allowed ? held : null);
  const view = followed?.kind === "ready" ? followed.view : null;
  const now = view ? { view } : followed?.kind === "closed" ? { closedEdition: followed.edition } : null;
  const seated = view ? view.situacao === "vaga" : last?.situacao !== "espera";

  useEffect(() => {
    if (allowed) return;
    const timer = setTimeout(() => navigate("/", { replace: true }), TIMINGS.thanksGateRedirect);
    return () => clearTimeout(timer);
  }, [allowed]);

  if (!allowed) {
    return (
      <div className="visitor-page">
        <main className="visitor-main thanks-gate">
          <p role="status">Redirecionando...</p>
        </main>
      </div>
    );
  }

  return (
    <div className="visitor-page" data-intro="play">
      <DecorBackground />
      <ThanksPage
        registration={last}
        whatsappHref={coordinationWhatsappLink(receiptMessage(last?.nome_completo ?? "", last?.referencia))}
        cashWhatsappHref={coordinationWhatsappLink(
          cashPaymentText(appConfig(), last?.nome_completo ?? "", last?.referencia),
        )}
        receiptUpload={last && <ReceiptUpload registrationId={last.id} uploadToken={last.upload_token} />}
        payerForm={
          last?.upload_token ? (
            <PayerNameForm registrationId={last.id} uploadToken={last.upload_token} initial={last.nome_pagador} />
          ) : null
        }
        authorization={
          travelAuthorization &&
          last?.upload_token &&
          typeof last.idade === "number" &&
          needsAuthorization(last.idade, true) ? (
            <TravelAuthorizationNotice />
          ) : null
        }
        now={now}
        notices={({ waiting, paid }) => (
          <PushNotices
            held={heldRegistrations()}
            offer={
              waiting
                ? "Quer ser avisado(a) aqui quando abrir uma vaga?"
                : paid
                  ? "Quer ser avisado(a) aqui do ônibus, da autorização e do dia da caravana?"
                  : "Quer ser avisado(a) aqui quando o pagamento for confirmado?"
            }
          />
        )}
        boardingPass={
          last?.referencia && seated ? (
            <BoardingPass
              reference={last.referencia}
              name={last.nome_completo ?? null}
              busName={view ? view.onibus_nome : (last.onibus_nome ?? null)}
            />
          ) : null
        }
      />
      <SiteFooter />
    </div>
  );
}
