import { useRef } from "react";
import type { FormStatus, RegistrationsChanged } from "../../../shared/api-types";
import { LIVE_EVENTS } from "../../../shared/live-events";
import { useDebounced } from "../../hooks/use-debounced";
import { useEventStream } from "../../hooks/use-event-stream";

interface Handlers {
  /** A registration was inserted, updated or deleted anywhere (debounced). */
  onRegistrationsChanged: () => void;
  onFormStatus: (status: FormStatus) => void;
  /** People seated from the waiting list, by id. */
  onPromoted: (ids: string[]) => void;
  /** A bus was added, changed or removed. */
  onBusesChanged: () => void;
  /** Events may have been missed (server resync or a reconnect): fetch everything again. */
  onResync: () => void;
}

const DEBOUNCE_MS = 200;

/**
 * The panel's live events. They carry only ids: a burst of changes (e.g. ten
 * registrations at once) becomes one refetch of the current page through the
 * session-checked API.
 */
export function useLiveEvents(handlers: Handlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  const changed = useDebounced(() => ref.current.onRegistrationsChanged(), DEBOUNCE_MS);
  useEventStream(
    "/api/events",
    {
      [LIVE_EVENTS.registrationInserted]: changed,
      [LIVE_EVENTS.registrationUpdated]: changed,
      [LIVE_EVENTS.registrationDeleted]: changed,
      [LIVE_EVENTS.formStatus]: (data) => ref.current.onFormStatus(data as FormStatus),
      [LIVE_EVENTS.registrationPromoted]: (data) => ref.current.onPromoted((data as RegistrationsChanged).ids ?? []),
      [LIVE_EVENTS.busesChanged]: () => ref.current.onBusesChanged(),
      [LIVE_EVENTS.resync]: () => ref.current.onResync(),
    },
    () => ref.current.onResync(),
    () => ref.current.onResync(),
  );
}
