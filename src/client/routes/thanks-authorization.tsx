import { useEffect } from "react";
import { lastRegistration } from "../features/registration/success-storage";
import { AuthorizationDocumentPage } from "../features/travel-authorization/authorization-document-page";
import { appConfig } from "../lib/app-config";
import { heldRegistrations } from "../lib/held-registrations";
import { Link } from "../lib/router";

/**
 * /obrigado/autorizacao: the travel authorisation of the registration made on this phone, to print;
 * `?inscricao=<id>` names one of those "Minha inscrição" holds.
 */
export function ThanksAuthorizationRoute() {
  const wanted = new URLSearchParams(window.location.search).get("inscricao");
  const held = wanted ? heldRegistrations().find((h) => h.id === wanted) : undefined;
  const last = lastRegistration();
  const target = held
    ? { id: held.id, token: held.token }
    : last?.upload_token
      ? { id: last.id, token: last.upload_token }
      : null;
  useEffect(() => {
    document.title = `Autorização de viagem · ${appConfig().eventTitle}`;
  }, []);
  return (
    <main className="visitor-main ta-visitor">
      <h1 className="ta-visitor-title">Autorização de viagem</h1>
      <p className="ta-actions">
        <Link href={held ? "/minha-inscricao" : "/obrigado"}>Voltar</Link>
      </p>
      {target ? (
        <AuthorizationDocumentPage registrationId={target.id} uploadToken={target.token} />
      ) : (
        <p role="alert">Abra esta página no aparelho em que fez a inscrição, ou peça a autorização à coordenação.</p>
      )}
    </main>
  );
}
