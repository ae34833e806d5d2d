import { useEffect, useRef, useState } from "react";
import type { RegistrationStats } from "../../../shared/admin-api";
import { adminApi, reportAdminError } from "../../lib/admin-session";

/** Counters from the server; fetched again whenever `version` changes (refresh buttons, live events). */
export function useStats(version: number) {
  const [stats, setStats] = useState<RegistrationStats | null>(null);
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version asks for a fresh read.
  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    adminApi<RegistrationStats>("/api/registrations/stats", { cache: "no-store" })
      .then((s) => {
        if (mine !== seq.current) return;
        setStats(s);
        setLoadedAt(new Date());
      })
      .catch((e) => {
        if (mine === seq.current) reportAdminError("Erro ao carregar dados do painel", e);
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [version]);

  return { stats, loadedAt, loading };
}
