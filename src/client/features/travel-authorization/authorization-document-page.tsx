import { useEffect, useState } from "react";
import type { AuthorizationDocument } from "../../../shared/minors";
import { TravelAuthorization } from "../../components/travel-authorization";
import { api, ApiError, UNKNOWN_ERROR } from "../../lib/api";

/**
 * /obrigado/autorizacao: the authorisation filled in for this phone's
 * registration (with its upload token), ready to print.
 */
export function AuthorizationDocumentPage({
  registrationId,
  uploadToken,
}: {
  registrationId: string;
  uploadToken: string;
}) {
  const [doc, setDoc] = useState<AuthorizationDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<AuthorizationDocument>(`/api/registrations/${encodeURIComponent(registrationId)}/authorization-document`, {
      headers: { Authorization: `Bearer ${uploadToken}` },
      cache: "no-store",
    })
      .then(setDoc)
      .catch((e) => setError(e instanceof ApiError ? e.message : UNKNOWN_ERROR));
  }, [registrationId, uploadToken]);

  if (error) return <p role="alert">{error}</p>;
  if (!doc) return <p role="status">Preparando a autorização…</p>;
  return (
    <>
      <div className="ta-actions">
        <button type="button" className="v-btn v-btn-primary" onClick={() => window.print()}>
          Imprimir autorização
        </button>
      </div>
      <TravelAuthorization doc={doc} />
    </>
  );
}
