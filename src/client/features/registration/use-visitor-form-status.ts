import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { type FormStatus, SSE_EVENTS } from "../../../shared/api-types";
import { api } from "../../lib/api";

export type FormStatusView =
  | { phase: "loading" }
  | { phase: "error"; retry: () => void }
  | { phase: "ready"; isOpen: boolean };

// The server asks for `retry: 2000`; the same pause when the browser gives up for good.
const RECONNECT_MS = 2000;

/**
 * Whether the form is open, kept live: GET /api/form-status once, then the
 * `form-status` events of GET /api/events. Every (re)connection starts with the
 * current status, and we also re-fetch after a reconnect or when the tab comes
 * back, so a phone that slept is never stuck on an old state.
 */
export function useVisitorFormStatus(): FormStatusView {
  const [status, setStatus] = useState<FormStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef<FormStatus | null>(null);

  // Answers can arrive out of order (fetch vs. stream): the newest updated_at wins.
  const accept = useCallback((next: FormStatus) => {
    const current = latest.current;
    if (current && Date.parse(next.updated_at) < Date.parse(current.updated_at)) return;
    latest.current = next;
    // The form's first render is the largest of the page: in slices, it does not block taps.
    startTransition(() => {
      setStatus(next);
      setFailed(false);
    });
  }, []);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      accept(await api<FormStatus>("/api/form-status"));
    } catch (err) {
      console.error("Erro ao carregar status do formulário", err);
      if (!latest.current) setFailed(true);
    }
  }, [accept]);

  useEffect(() => {
    let disposed = false;
    let source: EventSource | null = null;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;

    const connect = () => {
      source = new EventSource("/api/events");
      source.addEventListener(SSE_EVENTS.formStatus, (event) => {
        try {
          accept(JSON.parse((event as MessageEvent<string>).data) as FormStatus);
        } catch {
          // A malformed frame is ignored; the next one or the re-fetch corrects us.
        }
      });
      source.addEventListener("open", () => {
        if (!hadError) return;
        hadError = false;
        void load();
      });
      source.addEventListener("error", () => {
        hadError = true;
        // CONNECTING means the browser retries by itself; CLOSED means it gave up.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reconnectTimer = setTimeout(() => {
            if (!disposed) connect();
          }, RECONNECT_MS);
        }
      });
    };

    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };

    void load();
    if (typeof EventSource !== "undefined") connect();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      disposed = true;
      clearTimeout(reconnectTimer);
      source?.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [accept, load]);

  if (status) return { phase: "ready", isOpen: status.is_open };
  if (failed) return { phase: "error", retry: () => void load() };
  return { phase: "loading" };
}
