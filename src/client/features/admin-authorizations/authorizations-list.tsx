import { useState } from "react";
import type { AuthorizationDocument } from "../../../shared/minors";
import { adminApi, reportAdminError } from "../../lib/admin-session";

/**
 * Each minor on screen with the state of their signed authorisation and a
 * one-tap "Marcar como recebida" (or "Desfazer"): no need to open each one's details.
 * Not printed.
 */
export function AuthorizationsList({
  docs,
  onChanged,
}: {
  docs: AuthorizationDocument[];
  onChanged: (id: string, recebida: boolean) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);

  async function mark(doc: AuthorizationDocument, recebida: boolean) {
    setBusy(doc.id);
    try {
      await adminApi(`/api/registrations/${doc.id}/authorization`, { method: "PUT", json: { recebida } });
      onChanged(doc.id, recebida);
    } catch (e) {
      reportAdminError("Erro ao marcar a autorização", e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="ta-list" aria-label="Menores de 16 anos">
      {docs.map((d) => (
        <li key={d.id} className={d.recebida ? "ta-item ta-item-ok" : "ta-item"}>
          <div className="ta-item-text">
            <strong>{d.nome_completo}</strong>
            <span>
              {d.idade} anos · <span className="ta-nowrap">{d.onibus_nome ?? "sem ônibus"}</span>
            </span>
          </div>
          <span className={d.recebida ? "ta-state ta-state-ok" : "ta-state"}>
            {d.recebida ? "Recebida" : "Falta entregar"}
          </span>
          <button
            type="button"
            className={`admin-btn ${d.recebida ? "admin-btn-outline" : "admin-btn-success"}`}
            disabled={busy === d.id}
            aria-busy={busy === d.id}
            aria-label={d.recebida ? `Desfazer: ${d.nome_completo}` : `Marcar como recebida: ${d.nome_completo}`}
            onClick={() => void mark(d, !d.recebida)}
          >
            {d.recebida ? "Desfazer" : "Marcar como recebida"}
          </button>
        </li>
      ))}
    </ul>
  );
}
