import { useCallback, useEffect, useState } from "react";
import type { FormStatus } from "../../../shared/api-types";
import { answeredFormStatus, newerFormStatus } from "../../../shared/form-status";
import { adminApi, reportAdminError } from "../../lib/admin-session";

/** The open/closed flag: read once, then kept current by the live stream (see use-live-events), the newest winning. */
export function useAdminFormStatus() {
  const [status, setStatus] = useState<FormStatus | null>(null);

  const reload = useCallback(async () => {
    try {
      const answer = await adminApi<FormStatus>("/api/form-status", { cache: "no-store" });
      setStatus((cur) => answeredFormStatus(cur, answer));
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
