import { useEffect, useState } from "react";
import type { RegistrationStats } from "../../../shared/admin-api";
import { useRequestGuard } from "../../hooks/use-request-guard";
import { adminApi, reportAdminError } from "../../lib/admin-session";

/** Counters from the server; fetched again whenever `version` changes (refresh buttons, live events). */
export function useStats(version: number) {
  const [stats, setStats] = useState<RegistrationStats | null>(null);
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);
  const [loading, setLoading] = useState(true);
  const begin = useRequestGuard();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version asks for a fresh read.
  useEffect(() => {
    const isCurrent = begin();
    setLoading(true);
    adminApi<RegistrationStats>("/api/registrations/stats", { cache: "no-store" })
      .then((s) => {
        if (!isCurrent()) return;
        setStats(s);
        setLoadedAt(new Date());
      })
      .catch((e) => {
        if (isCurrent()) reportAdminError("Erro ao carregar dados do painel", e);
      })
      .finally(() => {
        if (isCurrent()) setLoading(false);
      });
  }, [version]);

  return { stats, loadedAt, loading };
}
