import { PAYMENT_METHODS, type PaymentMethod, STORAGE_KEYS } from "../../../shared/constants";
import { newUuid } from "../../lib/uuid";

/** What the visitor typed, as typed (the honeypot is never kept). */
export interface DraftValues {
  nome_completo: string;
  idade: string;
  numero_responsavel: string;
  metodo_pagamento: PaymentMethod;
  consentimento: boolean;
  /** "Nome de quem vai pagar (titular da conta)", optional. */
  nome_pagador: string;
  /** A minor's guardian (decision 037). */
  responsavel_nome: string;
  parentesco: string;
  /** "Cuidados de saúde", optional. */
  saude: string;
}

/**
 * The form as it was left, kept on this phone only (localStorage) until the
 * registration succeeds or "Limpar formulário": a reload or a tab Android
 * killed brings it back. The idempotency key lives with it, so every try for
 * the same person carries the same key (decision 030).
 */
export interface Draft {
  values: DraftValues;
  key: string;
}

export const EMPTY_VALUES: DraftValues = {
  nome_completo: "",
  idade: "",
  numero_responsavel: "",
  metodo_pagamento: "PIX",
  consentimento: false,
  nome_pagador: "",
  responsavel_nome: "",
  parentesco: "",
  saude: "",
};

const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

/** The stored draft, or a new empty one with a fresh key; whatever cannot be read counts as nothing. */
export function loadDraft(): Draft {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.registrationDraft);
    const parsed = raw
      ? (JSON.parse(raw) as { values?: Partial<Record<keyof DraftValues, unknown>>; key?: unknown })
      : null;
    const v = parsed?.values;
    if (v && typeof parsed.key === "string" && /^[0-9a-f-]{36}$/i.test(parsed.key)) {
      return {
        key: parsed.key,
        values: {
          nome_completo: text(v.nome_completo, 120),
          idade: text(v.idade, 3),
          numero_responsavel: text(v.numero_responsavel, 20),
          metodo_pagamento: PAYMENT_METHODS.includes(v.metodo_pagamento as PaymentMethod)
            ? (v.metodo_pagamento as PaymentMethod)
            : "PIX",
          consentimento: v.consentimento === true,
          nome_pagador: text(v.nome_pagador, 120),
          responsavel_nome: text(v.responsavel_nome, 120),
          parentesco: text(v.parentesco, 20),
          saude: text(v.saude, 500),
        },
      };
    }
  } catch {
    // Corrupt or blocked storage: start empty.
  }
  return { values: EMPTY_VALUES, key: newUuid() };
}

/** True when something was typed or chosen: then there is something to keep, and to clear. */
export const hasContent = (values: DraftValues) =>
  values.nome_completo !== "" ||
  values.idade !== "" ||
  values.numero_responsavel !== "" ||
  values.metodo_pagamento !== EMPTY_VALUES.metodo_pagamento ||
  values.consentimento ||
  values.nome_pagador !== "" ||
  values.responsavel_nome !== "" ||
  values.parentesco !== "" ||
  values.saude !== "";

export function saveDraft(draft: Draft): void {
  try {
    if (hasContent(draft.values)) localStorage.setItem(STORAGE_KEYS.registrationDraft, JSON.stringify(draft));
    else localStorage.removeItem(STORAGE_KEYS.registrationDraft);
  } catch {
    // Storage full or blocked: the form still works, it just will not survive a reload.
  }
}

/** After success or "Limpar formulário": nothing kept, and the next person gets a new key. */
export function clearDraft(): Draft {
  try {
    localStorage.removeItem(STORAGE_KEYS.registrationDraft);
  } catch {
    // Blocked storage kept nothing.
  }
  return { values: EMPTY_VALUES, key: newUuid() };
}

/**
 * "Inscrever outra pessoa" on "Minha inscrição": a fresh form, with a new key,
 * that already holds the guardian's number and name for the next sibling.
 */
export function startDraftFor(guardian: { numero_responsavel: string; responsavel_nome: string | null }): void {
  saveDraft({
    key: newUuid(),
    values: {
      ...EMPTY_VALUES,
      numero_responsavel: guardian.numero_responsavel,
      responsavel_nome: guardian.responsavel_nome ?? "",
    },
  });
}
