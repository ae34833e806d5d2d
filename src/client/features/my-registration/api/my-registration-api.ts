import type {
  FoundRegistrations,
  LookupInput,
  MyCorrections,
  MyRegistration,
} from "../../../../shared/my-registration";
import { api } from "../../../lib/api";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const path = (id: string) => `/api/minha-inscricao/${encodeURIComponent(id)}`;

/** One registration as its page shows it; ApiError 410 names a closed edition, 403 a secret that no longer opens it. */
export const fetchMyRegistration = (id: string, token: string) =>
  api<MyRegistration>(path(id), { headers: bearer(token) });

/** "Encontrar minha inscrição": the guardian's number and one code. */
export const findRegistrations = (input: LookupInput) =>
  api<FoundRegistrations>("/api/minha-inscricao/busca", { method: "POST", json: input });

export const saveCorrections = (id: string, token: string, c: MyCorrections) =>
  api<MyRegistration>(`${path(id)}/dados`, { method: "PUT", json: c, headers: bearer(token) });

export const giveUp = (id: string, token: string) =>
  api<MyRegistration>(`${path(id)}/desistir`, { method: "POST", headers: bearer(token) });

/** "Não quero receber mensagens" (false), or back again (true). */
export const setMessages = (id: string, token: string, receber: boolean) =>
  api<MyRegistration>(`${path(id)}/mensagens`, { method: "PUT", json: { receber }, headers: bearer(token) });
