import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { FormStatus, PublicFormStatus } from "../../../shared/api-types";
import { LIVE_EVENTS } from "../../../shared/live-events";
import { answeredFormStatus, newerFormStatus } from "../../../shared/form-status";
import { newerSeatSummary, type SeatSummary } from "../../../shared/seats";
import { useEventStream } from "../../hooks/use-event-stream";
import { api } from "../../lib/api";
import { refreshAppConfig } from "../../lib/app-config";

export type FormStatusView =
  | { phase: "loading" }
  | { phase: "error"; retry: () => void }
  | {
      phase: "ready";
      isOpen: boolean;
      soon: boolean;
      seats: SeatSummary | null;
      /** The coordination's own WhatsApp is set, not the sample of a first start. */
      whatsappSet: boolean;
    };

/**
 * Whether the form is open, and how many seats are left, kept live: GET
 * /api/form-status once, then the `form-status` and `seats` events of GET
 * /api/events. Every (re)connection starts with the current values, and we
 * also re-fetch after a reconnect, when the tab comes back, and every 20 s
 * while the server refuses a stream (its caps), so a phone is never stuck on
 * an old state.
 */
export function useVisitorFormStatus(): FormStatusView {
  const [status, setStatus] = useState<FormStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef<FormStatus | null>(null);
  const [seats, setSeats] = useState<SeatSummary | null>(null);
  const acceptSeats = useCallback((next: SeatSummary) => setSeats((cur) => newerSeatSummary(cur, next)), []);

  // A live frame, or with `answered` the GET's answer: only a read says what is missing before the form may open.
  const accept = useCallback((next: FormStatus, answered = false) => {
    const kept = (answered ? answeredFormStatus : newerFormStatus)(latest.current, next);
    if (kept === latest.current) return;
    latest.current = kept;
    // The form's first render is the largest of the page: in slices, it does not block taps.
    startTransition(() => {
      setStatus(kept);
      setFailed(false);
    });
  }, []);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const answer = await api<PublicFormStatus>("/api/form-status");
      acceptSeats(answer.vagas);
      accept(answer, true);
    } catch (err) {
      console.error("Erro ao carregar status do formulário", err);
      if (!latest.current) setFailed(true);
    }
  }, [accept, acceptSeats]);

  // After a broken stream, or while none is allowed: the settings may have changed meanwhile too.
  const reloadAll = useCallback(() => {
    void load();
    void refreshAppConfig();
  }, [load]);

  useEventStream(
    "/api/events",
    {
      [LIVE_EVENTS.formStatus]: (data) => accept(data as FormStatus),
      [LIVE_EVENTS.seats]: (data) => acceptSeats(data as SeatSummary),
      // The coordination saved new event facts: the page shows them without a reload.
      [LIVE_EVENTS.settingsChanged]: () => void refreshAppConfig(),
    },
    reloadAll,
    reloadAll,
    // Every phone loads this page on the day: no second fetch at each load. A status changed in the moment
    // between the first fetch and the stream's start reaches the form with the next event, and a submit
    // to a closed form is refused by the server.
    "trust",
  );

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };
    void load();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [load]);

  if (status)
    return {
      phase: "ready",
      isOpen: status.is_open,
      soon: status.em_breve === true,
      seats,
      whatsappSet: !status.falta_configurar?.includes("whatsapp"),
    };
  if (failed) return { phase: "error", retry: () => void load() };
  return { phase: "loading" };
}
