import { useEffect, useId, useState } from "react";
import { ACTIVITY_GROUPS, type ActivityGroup, type ActivityPage as Page } from "../../../shared/activity";
import { ActivityEntryView } from "../../components/activity-entry";
import { adminApi, reportAdminError } from "../../lib/admin-session";
import "./activity.css";
import { plural } from "../../../shared/plural";

interface Filters {
  ator: string;
  tipo: "" | ActivityGroup;
  desde: string;
  ate: string;
}
const NO_FILTER: Filters = { ator: "", tipo: "", desde: "", ate: "" };

/** "Atividade": every change, newest first, filtered by person, kind and date, paged by the server. */
export function ActivityPage() {
  const id = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [people, setPeople] = useState<{ id: number; nome: string }[]>([]);

  useEffect(() => {
    adminApi<{ id: number; nome: string }[]>("/api/activity/people", { cache: "no-store" })
      .then(setPeople)
      .catch((e) => reportAdminError("Erro ao carregar as pessoas", e));
  }, []);

  useEffect(() => {
    let live = true;
    const q = new URLSearchParams({ ...filters, page: String(page) });
    setLoading(true);
    adminApi<Page>(`/api/activity?${q}`, { cache: "no-store" })
      .then((d) => {
        if (!live) return;
        setData(d);
        if (d.page !== page) setPage(d.page);
      })
      .catch((e) => live && reportAdminError("Erro ao carregar a atividade", e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [filters, page]);

  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <h2 id={`${id}-title`}>Todas as alterações</h2>
      <div className="activity-filters">
        <div className="admin-field">
          <label htmlFor={`${id}-ator`}>Pessoa</label>
          <select id={`${id}-ator`} value={filters.ator} onChange={(e) => set({ ator: e.target.value })}>
            <option value="">Todas</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-tipo`}>Tipo</label>
          <select
            id={`${id}-tipo`}
            value={filters.tipo}
            onChange={(e) => set({ tipo: e.target.value as Filters["tipo"] })}
          >
            <option value="">Todos</option>
            {(Object.keys(ACTIVITY_GROUPS) as ActivityGroup[]).map((g) => (
              <option key={g} value={g}>
                {ACTIVITY_GROUPS[g]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-desde`}>De</label>
          <input
            id={`${id}-desde`}
            type="date"
            value={filters.desde}
            onChange={(e) => set({ desde: e.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-ate`}>Até</label>
          <input id={`${id}-ate`} type="date" value={filters.ate} onChange={(e) => set({ ate: e.target.value })} />
        </div>
      </div>
      {data === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando atividade...
        </p>
      ) : (
        <>
          <p className="activity-count" role="status">
            {plural(data.total, "registro", "registros")}
            {Object.values(filters).some(Boolean) && (
              <button type="button" className="admin-btn admin-btn-outline" onClick={() => set(NO_FILTER)}>
                Limpar filtros
              </button>
            )}
          </p>
          {data.items.length === 0 ? (
            <p className="activity-empty">Nenhuma atividade com esses filtros.</p>
          ) : (
            <ul className="activity-list" aria-label="Atividade">
              {data.items.map((e) => (
                <ActivityEntryView key={e.id} entry={e} />
              ))}
            </ul>
          )}
          {data.pageCount > 1 && (
            <nav className="activity-pager" aria-label="Paginação da atividade">
              <button
                type="button"
                className="admin-btn admin-btn-outline"
                onClick={() => setPage(data.page - 1)}
                disabled={data.page <= 1 || loading}
              >
                Anterior
              </button>
              <span>
                Página {data.page} de {data.pageCount}
              </span>
              <button
                type="button"
                className="admin-btn admin-btn-outline"
                onClick={() => setPage(data.page + 1)}
                disabled={data.page >= data.pageCount || loading}
              >
                Próxima
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
