import { useEffect, useId, useState } from "react";
import type { AuthorizationDocument } from "../../../shared/minors";
import type { SeatOverview } from "../../../shared/seats";
import { TravelAuthorization } from "../../components/travel-authorization";
import { adminApi, reportAdminError } from "../../lib/admin-session";
import { AuthorizationsList } from "./authorizations-list";
import { agree } from "../../../shared/plural";

/**
 * The minors of a bus, or everyone still missing an authorisation: each one's
 * state with a one-tap "Recebida", and their documents to print in one go
 * (Coordenação).
 */
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

  // A paper marked here stays in the list (to undo a wrong tap) but leaves what "Falta entregar" prints.
  const changed = (docId: string, recebida: boolean) =>
    setDocs((list) => list?.map((d) => (d.id === docId ? { ...d, recebida } : d)) ?? list);
  const printed = (docs ?? []).filter((d) => !missing || !d.recebida);
  const received = (docs ?? []).filter((d) => d.recebida).length;

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
          <input type="checkbox" checked={missing} onChange={(e) => setMissing(e.target.checked)} /> Só as que faltam
          entregar
        </label>
        <button
          type="button"
          className="admin-btn admin-btn-primary"
          disabled={!printed.length}
          onClick={() => window.print()}
        >
          Imprimir {docs ? `(${printed.length})` : ""}
        </button>
      </div>
      {docs === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando…
        </p>
      ) : docs.length === 0 ? (
        <p className="admin-card">
          {missing ? "Todas as autorizações deste filtro já foram entregues." : "Nenhum menor de 16 anos neste filtro."}
        </p>
      ) : (
        <>
          <section className="admin-card ta-filters" aria-labelledby={`${id}-list`}>
            <h2 id={`${id}-list`}>
              {received} de {docs.length} {agree(docs.length, "recebida", "recebidas")}
            </h2>
            <AuthorizationsList docs={docs} onChanged={changed} />
          </section>
          {printed.map((d) => (
            <TravelAuthorization key={d.id} doc={d} />
          ))}
        </>
      )}
    </>
  );
}
