import { useEffect } from "react";
import { lastRegistration } from "../features/registration/success-storage";
import { AuthorizationDocumentPage } from "../features/travel-authorization/authorization-document-page";
import { appConfig } from "../lib/app-config";
import { Link } from "../lib/router";

/** /obrigado/autorizacao: the travel authorisation of the registration made on this phone, to print. */
export function ThanksAuthorizationRoute() {
  const last = lastRegistration();
  useEffect(() => {
    document.title = `Autorização de viagem · ${appConfig().eventTitle}`;
  }, []);
  return (
    <main className="visitor-main ta-visitor">
      <h1 className="ta-visitor-title">Autorização de viagem</h1>
      <p className="ta-actions">
        <Link href="/obrigado">Voltar</Link>
      </p>
      {last?.upload_token ? (
        <AuthorizationDocumentPage registrationId={last.id} uploadToken={last.upload_token} />
      ) : (
        <p role="alert">Abra esta página no aparelho em que fez a inscrição, ou peça a autorização à coordenação.</p>
      )}
    </main>
  );
}
