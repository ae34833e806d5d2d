import { useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { KINSHIP, needsAuthorization } from "../../../../shared/minors";
import { useAppConfig } from "../../../lib/app-config";
import { adminApi, reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { formatDateTime } from "../utils/format";

/** The guardian, and "Autorização recebida" for an under-16 (decision 037): who marked it and when; undoable. */
export function AuthorizationMark({
  registration: r,
  onSaved,
}: {
  registration: Registration;
  onSaved: (reg: Registration) => void;
}) {
  const { travelAuthorization } = useAppConfig();
  const [busy, setBusy] = useState(false);
  const needed = needsAuthorization(r.idade, travelAuthorization);

  async function mark(recebida: boolean) {
    setBusy(true);
    try {
      const saved = await adminApi<Registration>(`/api/registrations/${encodeURIComponent(r.id)}/authorization`, {
        method: "PUT",
        json: { recebida },
      });
      toast("success", recebida ? "Autorização recebida" : "Autorização desmarcada", r.nome_completo);
      onSaved(saved);
    } catch (e) {
      reportAdminError("Erro ao marcar a autorização", e);
    } finally {
      setBusy(false);
    }
  }

  if (!r.responsavel_nome && !needed) return null;
  return (
    <>
      {r.responsavel_nome && (
        <div>
          <dt>Responsável</dt>
          <dd>
            {r.responsavel_nome}
            {r.parentesco ? ` (${KINSHIP[r.parentesco]})` : ""}
          </dd>
        </div>
      )}
      {needed && (
        <div>
          <dt>Autorização de viagem</dt>
          <dd className="admin-details-status">
            {r.autorizacao_recebida_em ? (
              <>
                <span>
                  Recebida em {formatDateTime(r.autorizacao_recebida_em)}, por {r.autorizacao_por}
                </span>
                <button
                  type="button"
                  className="admin-btn admin-btn-outline"
                  disabled={busy}
                  onClick={() => void mark(false)}
                >
                  Desfazer
                </button>
              </>
            ) : (
              <>
                <span className="admin-authorization-missing">Não entregue</span>
                <button
                  type="button"
                  className="admin-btn admin-btn-success"
                  disabled={busy}
                  onClick={() => void mark(true)}
                >
                  Autorização recebida
                </button>
              </>
            )}
          </dd>
        </div>
      )}
    </>
  );
}
