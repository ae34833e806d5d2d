import type { BoardingEvent } from "../../shared/boarding";
import type { LIVE_EVENTS, NotifiedEventName } from "../../shared/live-events";

/** What the database's triggers send with NOTIFY, by name (docs/schema.md, "Live events"). */
export type DbEvent =
  | { type: typeof LIVE_EVENTS.formStatus; is_open: boolean; updated_at: string }
  // One event per statement, up to 100 ids.
  | {
      type:
        | typeof LIVE_EVENTS.registrationInserted
        | typeof LIVE_EVENTS.registrationUpdated
        | typeof LIVE_EVENTS.registrationDeleted
        | typeof LIVE_EVENTS.registrationPromoted;
      ids: string[];
    }
  | { type: typeof LIVE_EVENTS.busesChanged }
  | ({ type: typeof LIVE_EVENTS.boarding } & BoardingEvent)
  | { type: typeof LIVE_EVENTS.sessionsEnded; hashes: string[] }
  | { type: typeof LIVE_EVENTS.settingsChanged }
  | { type: typeof LIVE_EVENTS.editionClosed }
  | { type: typeof LIVE_EVENTS.messageLists; ids: string[] };

/** One handler for each name the database sends: a new name does not compile until it has one. */
export type DbEventHandlers = { [K in NotifiedEventName]: (event: Extract<DbEvent, { type: K }>) => void };

/** Parses a NOTIFY payload and calls its handler; a name with none is an error, never a silent fall-through. */
export function dispatchDbEvent(payload: string, handlers: DbEventHandlers): DbEvent {
  const event = JSON.parse(payload) as DbEvent;
  const handler = handlers[event.type] as ((e: DbEvent) => void) | undefined;
  if (!handler) throw new Error(`evento ao vivo desconhecido: ${event.type}`);
  handler(event);
  return event;
}
