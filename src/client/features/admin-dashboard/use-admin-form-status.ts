import { useCallback, useEffect, useState } from "react";
import type { FormStatus } from "../../../shared/api-types";
import { newerFormStatus } from "../../../shared/form-status";
import { adminApi, reportAdminError } from "../../lib/admin-session";

/** The open/closed flag: read once, then kept current by the live stream (see use-live-events). */
export function useAdminFormStatus() {
  const [status, setStatus] = useState<FormStatus | null>(null);

  const reload = useCallback(async () => {
    try {
      setStatus(await adminApi<FormStatus>("/api/form-status", { cache: "no-store" }));
    } catch (e) {
      reportAdminError("Erro ao carregar dados do painel", e);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Live frames can arrive out of order with our own PUT answer.
  const apply = useCallback((next: FormStatus) => setStatus((cur) => newerFormStatus(cur, next)), []);

  return { status, apply, reload };
}
