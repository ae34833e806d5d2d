import { useEffect, useState } from "react";
import { TIMINGS } from "../../shared/constants";
import { DecorBackground } from "../features/decor/decor-background";
import { SiteFooter } from "../features/event-header/site-footer";
import { ReceiptUpload } from "../features/receipt-upload/receipt-upload";
import { receiptMessage, whatsappLink } from "../features/registration/share-receipt";
import { hasRegistrationSuccess, lastRegistration } from "../features/registration/success-storage";
import { ThanksPage } from "../features/thanks/thanks-page";
import { navigate } from "../lib/router";

/** /obrigado: only after a registration in this browser; otherwise back to the form. */
export function ThanksRoute() {
  const [allowed] = useState(hasRegistrationSuccess);

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

  const last = lastRegistration();
  return (
    <div className="visitor-page" data-intro="play">
      <DecorBackground />
      <ThanksPage
        registration={last}
        whatsappHref={whatsappLink(receiptMessage("", last?.referencia))}
        receiptUpload={last && <ReceiptUpload registrationId={last.id} uploadToken={last.upload_token} />}
      />
      <SiteFooter />
    </div>
  );
}
