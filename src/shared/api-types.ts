import type { PaymentMethod, PaymentStatus } from "./constants";

/** Event facts the server hands to the page (embedded in index.html, no extra request). */
export interface PublicEventConfig {
  eventTitle: string;
  eventDate: string;
  eventTime: string;
  eventPlace: string;
  eventCity: string;
  price: string;
  pixKey: string;
  whatsappNumber: string;
  thanksMessages: string[];
  devMode: boolean;
}

export interface FormStatus {
  is_open: boolean;
  updated_at: string;
}

/** POST /api/registrations answer. Holds no personal data beyond what was just typed. */
export interface RegistrationCreated {
  id: string;
  metodo_pagamento: PaymentMethod;
  created_at: string;
}

/** A registration as an admin session sees it. */
export interface Registration {
  id: string;
  nome_completo: string;
  idade: number;
  numero_responsavel: string;
  metodo_pagamento: PaymentMethod;
  status_pagamento: PaymentStatus;
  created_at: string;
}

export interface ApiError {
  error: string;
}

/** Names of the Server-Sent Events on GET /api/events. */
export const SSE_EVENTS = {
  formStatus: "form-status",
  registrationInserted: "registration-inserted",
  registrationUpdated: "registration-updated",
  registrationDeleted: "registration-deleted",
} as const;
