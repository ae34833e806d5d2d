import { useEffect, useState } from "react";
import type { SeatOverview } from "../../../shared/seats";
import { useRequestGuard } from "../../hooks/use-request-guard";
import { reportAdminError } from "../../lib/admin-session";
import { getSeatOverview } from "./buses-api";

/** Buses, seats and the waiting list; read again when `version` changes (refresh, live events). */
export function useSeatOverview(version: number) {
  const [overview, setOverview] = useState<SeatOverview | null>(null);
  const begin = useRequestGuard();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version asks for a fresh read.
  useEffect(() => {
    const isCurrent = begin();
    getSeatOverview()
      .then((o) => {
        if (isCurrent()) setOverview(o);
      })
      .catch((e) => {
        if (isCurrent()) reportAdminError("Erro ao carregar os ônibus", e);
      });
  }, [version]);

  return overview;
}
