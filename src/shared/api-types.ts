import type { Kinship } from "./minors";
import type { PaymentMethod, PaymentStatus } from "./constants";
import type { PixTxidMode } from "./pix/registration-pix";
import type { SeatState, SeatSummary } from "./seats";

/** Event facts the server hands to the page (embedded in index.html, no extra request). */
export interface PublicEventConfig {
  eventTitle: string;
  eventDate: string;
  eventTime: string;
  eventPlace: string;
  eventCity: string;
  price: string;
  pixKey: string;
  /** BR Code field 59, already sanitised (plain ASCII, at most 25 chars). */
  pixReceiverName: string;
  /** BR Code field 60, already sanitised (plain ASCII upper case, at most 15 chars). */
  pixCity: string;
  /** Where a registration's reference goes in the BR Code: 26/02 ("none") or the txid ("registration"). */
  pixTxid: PixTxidMode;
  /** Registration fee in cents, field 54 of the BR Code. */
  priceCents: number;
  whatsappNumber: string;
  thanksMessages: string[];
  /** The form's notice that it is for members of the youth group. */
  membersNotice: string;
  /** The event's time zone: every date and time shown is in it. */
  timeZone: string;
  devMode: boolean;
  /** Under-16s get "Autorização de viagem" (decision 037). */
  travelAuthorization: boolean;
  tripDestination: string;
  tripDates: string;
  /** The header's badge ("2ª EDIÇÃO"), subtitle, and the footer's year and group. */
  editionNumber: number;
  theme: string;
  year: number;
  groupName: string;
  /** The site's address (PUBLIC_URL): every link the pages hand out starts with it, never the address bar's. */
  publicUrl: string;
}

export interface FormStatus {
  is_open: boolean;
  updated_at: string;
  /**
   * Closed, and never opened since the last edition was closed: the page says
   * "Inscrições em breve" instead of "Inscrições Encerradas" (decision 041).
   * Absent from the database's own events, which only a change of the switch sends.
   */
  em_breve?: boolean;
  /**
   * What the coordination must still set before the form may open: its own PIX key and WhatsApp, in place of
   * the samples (set in "Configurações", or in the environment). Absent once both are set.
   */
  falta_configurar?: ("pix_chave" | "whatsapp")[];
}

/** GET /api/form-status: the status, and the seat counts the form shows. */
export interface PublicFormStatus extends FormStatus {
  vagas: SeatSummary;
}

/** POST /api/registrations answer. Holds no personal data beyond what was just typed. */
export interface RegistrationCreated {
  id: string;
  metodo_pagamento: PaymentMethod;
  created_at: string;
  /** Short code the payer's PIX carries, e.g. JDJ7K3Q. */
  referencia: string;
  /**
   * Secret that authorises attaching a receipt to this registration, sent as
   * `Authorization: Bearer …` to POST /api/registrations/:id/receipt. Only its
   * hash is stored; a replay of the same idempotency key gets a fresh one.
   */
  upload_token: string;
  /** "espera": no seat was free; the page shows the position and asks for no payment. */
  situacao: SeatState;
  onibus_nome: string | null;
  /** Place in the waiting list when the answer was made (1 is next). */
  posicao_espera: number | null;
  /** The price this registration was made at: its PIX code carries it even after the price changes. */
  preco_centavos: number;
  /** Pay by this moment (a seat that owes); null while waiting or with no deadlines (decision 049). */
  prazo_pagamento: string | null;
}

/**
 * A registration found again without its secret: the 409 of POST
 * /api/registrations for a person already registered carries it under
 * `inscricao`, so a visitor who lost the thank-you page sees it again.
 */
export type RegistrationFound = Pick<
  RegistrationCreated,
  "id" | "metodo_pagamento" | "referencia" | "situacao" | "posicao_espera" | "preco_centavos" | "prazo_pagamento"
>;

/**
 * The 409 of POST /api/registrations when the same name and phone are already
 * registered: neither the code nor the id (decision 041).
 */
export interface AlreadyRegistered {
  error: string;
  ja_inscrita: true;
}

/** POST /api/registrations/:id/receipt answer. */
export interface ReceiptStored {
  path: string;
  content_type: string;
  size_bytes: number;
}

/** A registration as an admin session sees it. */
export interface Registration {
  id: string;
  nome_completo: string;
  idade: number;
  /** Digits; null once the row was anonymised after the event (npm run purge). */
  numero_responsavel: string | null;
  metodo_pagamento: PaymentMethod;
  status_pagamento: PaymentStatus;
  created_at: string;
  referencia: string | null;
  /** A receipt (comprovante) was uploaded; GET /api/registrations/:id/receipt serves it to an admin. */
  has_receipt: boolean;
  situacao: SeatState;
  onibus_id: string | null;
  onibus_nome: string | null;
  /** 1, 2, 3 … while waiting; null otherwise. */
  posicao_espera: number | null;
  /** When the person left the waiting list for a seat: the panel offers to tell the guardian. */
  promovido_em: string | null;
  /** Another active registration has this phone and a similar name (registration_duplicates, docs/schema.md). */
  possivel_duplicata: boolean;
  /** The guardian, for a minor (decision 037); null for adults and registrations made before. */
  responsavel_nome: string | null;
  parentesco: Kinship | null;
  /** The signed travel authorisation handed in: when, and who marked it. */
  autorizacao_recebida_em: string | null;
  autorizacao_por: string | null;
  /** Pay by this moment, or the seat goes on (decision 049); a Vencida keeps the one that passed. */
  prazo_pagamento: string | null;
  /** Added by Coordenação as an adult who travels with the youth ("Acompanhante"). */
  acompanhante: boolean;
  /** Seated and owing: from this moment (the deadline plus "Tolerância do extrato") the seat may be released. */
  liberavel_em: string | null;
}

export interface ApiError {
  error: string;
}

/** What a registration event carries: the ids a statement changed, never personal data. */
export interface RegistrationsChanged {
  ids: string[];
}
