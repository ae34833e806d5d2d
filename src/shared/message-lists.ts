import * as z from "zod/mini";
import {
  MAX_MESSAGE_TEXT,
  MESSAGE_GROUP_KEYS,
  MESSAGE_MESSAGES,
  MESSAGE_TEXT_KEYS,
  type MessageGroup,
  type MessageTextKey,
  unknownFields,
} from "./messages";
import { UUID_PATTERN } from "./constants";
import { agree } from "./plural";

/** What "Mensagens" sends and answers (the routes are listed in shared/messages.ts). */

const uuid = z.string().check(z.regex(UUID_PATTERN));

export const messageTextSchema = z.string({ error: MESSAGE_MESSAGES.emptyText }).check(
  z.refine((t) => t.trim().length > 0, MESSAGE_MESSAGES.emptyText),
  z.maxLength(MAX_MESSAGE_TEXT, MESSAGE_MESSAGES.textTooLong),
  z.refine((t) => unknownFields(t).length === 0, {
    // zod/mini has no message from the value; the route names the fields (routes/admin-messages.ts).
    error: (issue) => MESSAGE_MESSAGES.unknownField(unknownFields(String(issue.input))),
  }),
);

export const newMessageListSchema = z.strictObject({
  grupo: z.enum(MESSAGE_GROUP_KEYS as [MessageGroup, ...MessageGroup[]], { error: "Escolha um grupo." }),
  onibus_id: z.optional(uuid),
  ids: z.optional(z.array(uuid).check(z.maxLength(2000, "Selecione até 2.000 inscrições."))),
  texto_chave: z.enum(MESSAGE_TEXT_KEYS, { error: "Escolha um texto." }),
  texto: messageTextSchema,
});
export type NewMessageList = z.output<typeof newMessageListSchema>;

export const messageTextBodySchema = z.strictObject({ texto: messageTextSchema });

export interface MessageText {
  chave: MessageTextKey;
  titulo: string;
  texto: string;
  /** Edited in the panel (false: the built-in text). */
  alterado: boolean;
}

export interface MessageGroupCount {
  grupo: MessageGroup;
  onibus_id: string | null;
  rotulo: string;
  /** People who get the message. */
  pessoas: number;
  /** People in the group whose guardian asked for no messages. */
  sem_mensagens: number;
  /** "Ônibus": who of Equipe takes care of it. */
  equipe_id: number | null;
}

export interface MessageListSummary {
  id: string;
  rotulo: string;
  texto_titulo: string;
  criada_por: string;
  criada_em: string;
  enviadas: number;
  /** Rows that can be sent (invalid numbers and dropped rows apart). */
  total: number;
}

export interface MessagesHome {
  grupos: MessageGroupCount[];
  textos: MessageText[];
  listas: MessageListSummary[];
  /** Coordenação starts any list and edits the texts; Equipe, its own bus. */
  pode_editar_textos: boolean;
}

export interface MessagePreview {
  pessoas: number;
  linhas: number;
  sem_mensagens: number;
  invalidos: number;
  /** The text filled in for the first phone of the list (its link is a sample). */
  exemplo: string | null;
  /** Characters to cut for the longest message to fit a wa.me link; 0 when every one fits. */
  cortar: number;
}

export type MessageRowState = "aguardando" | "enviada" | "descartada" | "invalida";

export interface MessageRowView {
  id: string;
  telefone: string;
  pessoas: { nome: string; codigo: string }[];
  estado: MessageRowState;
  /** Why a row is not sent: the number's problem, or who left the group since the list was made. */
  motivo: string | null;
  /** Who holds it ("Copiar texto"), until when it is theirs. */
  com: string | null;
  com_voce: boolean;
  enviada_por: string | null;
  enviada_em: string | null;
  /** How a sent row went: WhatsApp, or a notice on the family's phones. */
  canal: "whatsapp" | "aviso" | null;
}

export interface MessageListView extends MessageListSummary {
  texto: string;
  sem_mensagens: number;
  /** Waiting rows whose people all have notices on ("Enviar aviso no celular"), and the people left for WhatsApp. */
  avisos: { pessoas: number; linhas: number; whatsapp: number };
  linhas: MessageRowView[];
}

/** "12 de 40 enviadas"; when every one went, said once. */
export const progressText = (sent: number, total: number) =>
  `${sent} de ${total} ${agree(total, "enviada", "enviadas")}`;
