import { useEffect, useRef } from "react";
import { type FormStatus, SSE_EVENTS } from "../../../shared/api-types";

interface Handlers {
  /** A registration was inserted, updated or deleted anywhere (debounced). */
  onRegistrationsChanged: () => void;
  onFormStatus: (status: FormStatus) => void;
  /** Events may have been missed (server resync or a reconnect): fetch everything again. */
  onResync: () => void;
}

const DEBOUNCE_MS = 200;
const REOPEN_MS = 3000;

/**
 * One EventSource on /api/events while the panel is open. A burst of changes
 * (e.g. ten registrations at once) becomes one refetch of the current page.
 */
export function useLiveEvents(handlers: Handlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    let es: EventSource | null = null;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;
    let stopped = false;

    const changed = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => ref.current.onRegistrationsChanged(), DEBOUNCE_MS);
    };

    function connect() {
      es = new EventSource("/api/events");
      es.addEventListener("open", () => {
        if (hadError) ref.current.onResync();
        hadError = false;
      });
      es.addEventListener(SSE_EVENTS.registrationInserted, changed);
      es.addEventListener(SSE_EVENTS.registrationUpdated, changed);
      es.addEventListener(SSE_EVENTS.registrationDeleted, changed);
      es.addEventListener(SSE_EVENTS.formStatus, (e) => {
        try {
          ref.current.onFormStatus(JSON.parse((e as MessageEvent<string>).data) as FormStatus);
        } catch {
          // A malformed frame is ignored; the next one or a resync brings the truth.
        }
      });
      es.addEventListener("resync", () => ref.current.onResync());
      es.addEventListener("error", () => {
        hadError = true;
        // The browser retries by itself unless the stream was refused outright.
        if (es?.readyState === EventSource.CLOSED && !stopped) {
          es.close();
          reopen = setTimeout(connect, REOPEN_MS);
        }
      });
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(debounce);
      clearTimeout(reopen);
      es?.close();
    };
  }, []);
}
