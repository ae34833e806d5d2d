// Product rules from the spec (section 9). Event facts live in server config instead.
export const AGE_MIN = 4;
export const AGE_MAX = 65;
/** "Acompanhante": an adult the coordination adds, of any adult age (shared/companions.ts). */
export const COMPANION_AGE_MAX = 120;
export const NAME_MAX_LENGTH = 120;
export const PAGE_SIZE = 10;
export const MOBILE_BREAKPOINT_PX = 768;

export const PAYMENT_METHODS = ["PIX", "ESPECIE"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ["pendente", "confirmado"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FORM_STATUS_ID = "form_status";

/** The event's title when EVENT_TITLE is not set. */
export const DEFAULT_EVENT_TITLE = "JDJ 2025";
/** The youth group organising the caravan ("Nome do grupo"), until the coordination writes its own. */
export const DEFAULT_GROUP_NAME = "Juventude Católica VG";
/** The spec's "2ª EDIÇÃO", "Jovens peregrinos da Esperança" and "© 2025": the settings' first values. */
export const DEFAULT_EDITION = { numero: 2, tema: "Jovens peregrinos da Esperança", ano: 2025 } as const;

// Timings (ms), spec section 9.
export const TIMINGS = {
  splashHide: 300,
  splashComplete: 1400,
  successAnimation: 1000,
  navigateAfterSuccess: 300,
  thanksGateRedirect: 100,
  messageRotation: 5000,
  loginDelay: 300,
  loginRedirect: 500,
} as const;

// Browser storage keys.
export const STORAGE_KEYS = {
  registrationSuccess: "caravana:inscricao-sucesso",
  lastRegistration: "caravana:ultima-inscricao",
  /** Every registration this phone holds ("Minha inscrição"): id, secret, name, code and event. */
  heldRegistrations: "caravana:minhas-inscricoes",
  /** What is typed in the form and its idempotency key, until the registration succeeds. */
  registrationDraft: "caravana:rascunho-inscricao",
  /** The day (in the event's zone) the splash's doors were last opened on this phone. */
  doorsOpenedOn: "caravana:portas-abertas-em",
  headerTitleSize: "headerTitleSize",
  /** The roll call's last bus and trip on this phone. */
  rollCallChoice: "caravana:embarque-escolha",
  /** IndexedDB database with the roll call's lists (names, phones): deleted on logout. */
  rollCallLists: "caravana-embarque-listas",
} as const;

/** A secret the server hands out (session cookie, upload token, personal link): 256 bits, base64url. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Registrations a phone sends as proof of its family with a new one: more than any family registers. */
export const MAX_FAMILY_PROOFS = 20;

/** The largest integer a database column of ours holds (int4): a number sent above it is refused, never a 500. */
export const INT4_MAX = 2_147_483_647;

/** A row id (registrations, buses, message lists), any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
