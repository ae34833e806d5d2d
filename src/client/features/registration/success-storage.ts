import type { RegistrationFound } from "../../../shared/api-types";
import { STORAGE_KEYS } from "../../../shared/constants";
import { appConfig } from "../../lib/app-config";

/**
 * The answer, plus the name as typed: the boarding pass on /obrigado shows it.
 * A registration found again ("já está inscrito(a)") comes without the upload
 * token, which stays with the phone that made it.
 */
export type StoredRegistration = RegistrationFound & {
  upload_token?: string;
  nome_completo?: string;
  onibus_nome?: string | null;
  /** As typed: under 16, /obrigado offers the travel authorisation. */
  idade?: number;
  /** "Nome de quem vai pagar" as typed in the form (PIX): /obrigado shows it. */
  nome_pagador?: string;
};

// Also kept in memory: with storage blocked, this visit still reaches /obrigado.
let registeredThisVisit: StoredRegistration | null = null;

/** Remembers a successful registration; it gates /obrigado (docs/decisions: success flag). */
export function saveRegistrationSuccess(answer: StoredRegistration, nome: string): void {
  const created: StoredRegistration = { ...answer, nome_completo: nome };
  registeredThisVisit = created;
  // "Minha inscrição" lists every registration made on this phone, siblings included.
  // Loaded at the success, like the thank-you page, so the form's first load does not grow.
  const token = answer.upload_token;
  if (token) {
    const kept = {
      id: answer.id,
      token,
      nome_completo: nome,
      referencia: answer.referencia,
      evento: appConfig().eventTitle,
    };
    import("../../lib/held-registrations")
      .then((m) => m.holdRegistrations([kept]))
      .catch((err: unknown) => console.error("Não foi possível guardar a inscrição neste aparelho", err));
  }
  try {
    localStorage.setItem(STORAGE_KEYS.registrationSuccess, "true");
    localStorage.setItem(STORAGE_KEYS.lastRegistration, JSON.stringify(created));
  } catch (err) {
    console.error("Não foi possível salvar a inscrição no navegador", err);
  }
}

export function hasRegistrationSuccess(): boolean {
  if (registeredThisVisit) return true;
  try {
    return localStorage.getItem(STORAGE_KEYS.registrationSuccess) === "true";
  } catch {
    return false;
  }
}

/** The server's answer to the last registration in this browser, if readable. */
export function lastRegistration(): StoredRegistration | null {
  if (registeredThisVisit) return registeredThisVisit;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.lastRegistration);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredRegistration>) : null;
    if (
      parsed &&
      typeof parsed.id === "string" &&
      (parsed.metodo_pagamento === "PIX" || parsed.metodo_pagamento === "ESPECIE")
    ) {
      return parsed as StoredRegistration;
    }
  } catch {
    // Corrupt or blocked: behave as if nothing was stored.
  }
  return null;
}
