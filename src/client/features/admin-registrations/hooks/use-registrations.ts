import { useCallback, useEffect, useState } from "react";
import type { RegistrationPage, Sort, StatusFilter } from "../../../../shared/admin-api";
import type { Registration } from "../../../../shared/api-types";
import { useRequestGuard } from "../../../hooks/use-request-guard";
import { reportAdminError } from "../../../lib/admin-session";
import { listRegistrations } from "../api/registrations-api";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's query and current page. Filtering, sorting and paging happen on
 * the server; this hook only asks again when the query, page or `version`
 * (refresh buttons and live events) changes, and drops answers that arrive late.
 * `loading` is true only while the rows on screen answer another query (or none
 * yet): a live event's refetch of the same query changes rows in place, without
 * dimming the list at every registration of a busy day.
 */
export function useRegistrations(version: number) {
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [status, setStatusState] = useState<StatusFilter>("todos");
  const [sort, setSortState] = useState<Sort>("recentes");
  const [onibus, setOnibusState] = useState("");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RegistrationPage | null>(null);
  const [fetching, setFetching] = useState(true);
  /** The query whose answer is on screen. */
  const [shownQuery, setShownQuery] = useState<string | null>(null);
  const begin = useRequestGuard();
  const query = JSON.stringify([q, status, sort, onibus, page]);

  useEffect(() => {
    const next = search.trim();
    if (next === q) return;
    const t = setTimeout(() => {
      setQ(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, q]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version asks for a fresh read.
  useEffect(() => {
    const isCurrent = begin();
    setFetching(true);
    listRegistrations({ q, status, sort, onibus }, page)
      .then((result) => {
        if (!isCurrent()) return;
        setData(result);
        setShownQuery(query);
        // A page past the end (its last row was deleted) comes back as the last page: follow it.
        if (result.page !== page) setPage(result.page);
        setFetching(false);
      })
      .catch((e) => {
        if (!isCurrent()) return;
        reportAdminError("Erro ao carregar dados do painel", e);
        setFetching(false);
      });
  }, [q, status, sort, onibus, page, version]);

  const setStatus = useCallback((s: StatusFilter) => {
    setStatusState(s);
    setPage(1);
  }, []);
  const setOnibus = useCallback((id: string) => {
    setOnibusState(id);
    setPage(1);
  }, []);
  const setSort = useCallback((s: Sort) => {
    setSortState(s);
    setPage(1);
  }, []);

  /** Shows a saved row at once, before the refetch that follows confirms it. */
  const replaceItem = useCallback((reg: Registration) => {
    setData((cur) => cur && { ...cur, items: cur.items.map((r) => (r.id === reg.id ? reg : r)) });
  }, []);

  return {
    search,
    setSearch,
    q,
    status,
    setStatus,
    sort,
    setSort,
    onibus,
    setOnibus,
    page,
    setPage,
    data,
    loading: fetching && shownQuery !== query,
    replaceItem,
  };
}
