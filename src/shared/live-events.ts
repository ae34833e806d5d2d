/**
 * Every live event's name, in one place. The database's triggers announce a
 * change with NOTIFY, a JSON payload whose `type` is one of NOTIFIED_EVENTS
 * (live-events.test.ts reads the migrations against this list); the server
 * passes them on to the pages as Server-Sent Events on GET /api/events,
 * named the same, and adds `seats`, `resync` and `my-registrations` of its own.
 */
export const LIVE_EVENTS = {
  /** The form opened or closed (every stream). */
  formStatus: "form-status",
  /** Ids a statement inserted, updated or deleted (admin streams). */
  registrationInserted: "registration-inserted",
  registrationUpdated: "registration-updated",
  registrationDeleted: "registration-deleted",
  /** Ids seated from the waiting list (admin streams). */
  registrationPromoted: "registration-promoted",
  /** A bus was added, changed or removed (admin streams). */
  busesChanged: "buses-changed",
  /** Roll call marks: ids and states (admin streams, docs/decisions/026). */
  boarding: "boarding",
  /** The event's settings changed: pages ask GET /api/config again (every stream). */
  settingsChanged: "settings-changed",
  /** Admin sessions ended: their streams close. Never sent to a page. */
  sessionsEnded: "sessions-ended",
  /** Rows of these message lists were sent, taken or dropped (admin streams): ids only. */
  messageLists: "message-lists",
  /** An edition was closed and its tables emptied (no row announced itself): every stream gets `resync`. */
  editionClosed: "edition-closed",
  /**
   * Ids among those a "Minha inscrição" page watches (GET /api/events?inscricoes=…) that changed:
   * the page fetches them again with its secret. Sent by the server, from the registration events.
   */
  myRegistrations: "my-registrations",
  /** SeatSummary, to every stream; counted by the server, not sent by the database. */
  seats: "seats",
  /** Events may have been lost (a LISTEN connection was reopened): fetch again. */
  resync: "resync",
} as const;

/** The names the database sends with NOTIFY. */
export const NOTIFIED_EVENTS = [
  LIVE_EVENTS.formStatus,
  LIVE_EVENTS.registrationInserted,
  LIVE_EVENTS.registrationUpdated,
  LIVE_EVENTS.registrationDeleted,
  LIVE_EVENTS.registrationPromoted,
  LIVE_EVENTS.busesChanged,
  LIVE_EVENTS.boarding,
  LIVE_EVENTS.settingsChanged,
  LIVE_EVENTS.sessionsEnded,
  LIVE_EVENTS.editionClosed,
  LIVE_EVENTS.messageLists,
] as const;

export type NotifiedEventName = (typeof NOTIFIED_EVENTS)[number];
