import type { MessageTextKey } from "../../../../shared/messages";
import type {
  MessageListView,
  MessagePreview,
  MessageRowView,
  MessagesHome,
  MessageText,
  NewMessageList,
} from "../../../../shared/message-lists";
import type { TeamMember } from "../../../../shared/team";
import { adminApi } from "../../../lib/admin-session";

export const getMessagesHome = () => adminApi<MessagesHome>("/api/mensagens", { cache: "no-store" });

export const previewMessageList = (body: NewMessageList, signal?: AbortSignal) =>
  adminApi<MessagePreview>("/api/mensagens/previa", { method: "POST", json: body, signal });

export const createMessageList = (body: NewMessageList) =>
  adminApi<{ id: string }>("/api/mensagens/listas", { method: "POST", json: body });

export const getMessageList = (id: string) =>
  adminApi<MessageListView>(`/api/mensagens/listas/${encodeURIComponent(id)}`, { cache: "no-store" });

/** "Abrir WhatsApp" is a link to this: the server makes the text, marks the row sent and redirects to wa.me. */
export const rowWhatsappHref = (row: Pick<MessageRowView, "id">) => `/api/mensagens/linhas/${row.id}/whatsapp`;

export type RowAnswer = { lista_id: string; texto: string; url: string } | { lista_id: string; recusa: string };

export const copyRowText = (row: Pick<MessageRowView, "id">) =>
  adminApi<RowAnswer>(`/api/mensagens/linhas/${row.id}/texto`, { method: "POST" });

export const markRowSent = (row: Pick<MessageRowView, "id">) =>
  adminApi<{ lista_id: string; marcada?: true; recusa?: string }>(`/api/mensagens/linhas/${row.id}/enviada`, {
    method: "POST",
  });

/** "Enviar aviso no celular": the rows whose people all have notices on, sent as notices. */
export const sendListAsNotices = (id: string) =>
  adminApi<{ pessoas: number; linhas: number }>(`/api/mensagens/listas/${encodeURIComponent(id)}/avisos`, {
    method: "POST",
  });

export const saveMessageText = (chave: MessageTextKey, texto: string) =>
  adminApi<MessageText>(`/api/mensagens/textos/${chave}`, { method: "PUT", json: { texto } });

export const restoreMessageText = (chave: MessageTextKey) =>
  adminApi<MessageText>(`/api/mensagens/textos/${chave}`, { method: "DELETE" });

export const assignBusHelper = (busId: string, equipeId: number | null) =>
  adminApi<void>(`/api/mensagens/onibus/${busId}/equipe`, { method: "PUT", json: { equipe_id: equipeId } });

/** Active Equipe members, for "Quem cuida de cada ônibus" (Coordenação). */
export const listHelpers = async () =>
  (await adminApi<TeamMember[]>("/api/team", { cache: "no-store" })).filter((m) => m.ativo && m.papel === "equipe");
