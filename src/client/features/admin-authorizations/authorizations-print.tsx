import { useEffect, useId, useState } from "react";
import type { AuthorizationDocument } from "../../../shared/minors";
import type { SeatOverview } from "../../../shared/seats";
import { TravelAuthorization } from "../../components/travel-authorization";
import { adminApi, reportAdminError } from "../../lib/admin-session";

/** Every authorisation of a bus, or of everyone still missing one, to print in one go (Coordenação). */
export function AuthorizationsPrint() {
  const id = useId();
  const [buses, setBuses] = useState<SeatOverview["onibus"]>([]);
  const [onibus, setOnibus] = useState("");
  const [missing, setMissing] = useState(true);
  const [docs, setDocs] = useState<AuthorizationDocument[] | null>(null);

  useEffect(() => {
    adminApi<SeatOverview>("/api/buses", { cache: "no-store" })
      .then((o) => setBuses(o.onibus))
      .catch((e) => reportAdminError("Erro ao carregar os ônibus", e));
  }, []);
  useEffect(() => {
    setDocs(null);
    const q = new URLSearchParams();
    if (onibus) q.set("onibus", onibus);
    if (missing) q.set("faltando", "1");
    adminApi<AuthorizationDocument[]>(`/api/authorizations?${q}`, { cache: "no-store" })
      .then(setDocs)
      .catch((e) => reportAdminError("Erro ao carregar as autorizações", e));
  }, [onibus, missing]);

  return (
    <>
      <div className="admin-card ta-filters">
        <div className="admin-field">
          <label htmlFor={`${id}-onibus`}>Ônibus</label>
          <select id={`${id}-onibus`} value={onibus} onChange={(e) => setOnibus(e.target.value)}>
            <option value="">Todos</option>
            {buses.map((b) => (
              <option key={b.id} value={b.id}>
                {b.nome}
              </option>
            ))}
          </select>
        </div>
        <label className="ta-check">
          <input type="checkbox" checked={missing} onChange={(e) => setMissing(e.target.checked)} /> Só quem ainda não
          entregou
        </label>
        <button
          type="button"
          className="admin-btn admin-btn-primary"
          disabled={!docs?.length}
          onClick={() => window.print()}
        >
          Imprimir {docs ? `(${docs.length})` : ""}
        </button>
      </div>
      {docs === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando…
        </p>
      ) : docs.length === 0 ? (
        <p className="admin-card">Nenhuma autorização para imprimir com este filtro.</p>
      ) : (
        docs.map((d) => <TravelAuthorization key={d.id} doc={d} />)
      )}
    </>
  );
}
