import { useEffect, useState } from "react";
import { adminApi } from "../../../lib/admin-session";

/**
 * "Cuidados de saúde" in a registration's details, for Coordenação: fetched on
 * its own route, which Equipe cannot call.
 */
export function HealthNotes({ registrationId }: { registrationId: string }) {
  const [notes, setNotes] = useState<{ saude: string | null } | "error" | null>(null);
  useEffect(() => {
    let live = true;
    adminApi<{ saude: string | null }>(`/api/registrations/${encodeURIComponent(registrationId)}/health`, {
      cache: "no-store",
    })
      .then((n) => live && setNotes(n))
      .catch(() => live && setNotes("error"));
    return () => {
      live = false;
    };
  }, [registrationId]);
  return (
    <div>
      <dt>Cuidados de saúde</dt>
      <dd className="admin-details-health">
        {notes === null
          ? "Carregando..."
          : notes === "error"
            ? "Não foi possível carregar. Feche e abra os detalhes de novo."
            : (notes.saude ?? "Nada informado")}
      </dd>
    </div>
  );
}
