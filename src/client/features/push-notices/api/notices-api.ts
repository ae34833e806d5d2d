import type { NoticeSubscription } from "../../../../shared/notices";
import { api } from "../../../lib/api";

/** The server's VAPID public key: the browser subscribes with it. */
export const getNoticeKey = () => api<{ chave: string }>("/api/avisos/chave");

/** Ties this phone's subscription to the registrations it holds (each proved by its secret). */
export const saveSubscription = (body: NoticeSubscription) =>
  api<{ inscricoes: string[] }>("/api/avisos", { method: "POST", json: body });

/** "Parar avisos". */
export const stopSubscription = (endpoint: string, auth: string) =>
  api<void>("/api/avisos/parar", { method: "POST", json: { endpoint, auth } });
