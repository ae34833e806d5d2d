import { MessageListPage } from "../features/admin-messages/components/message-list-page";
import { MessagesHome } from "../features/admin-messages/components/messages-home";
import { MESSAGE_NOTICES, type MessageNotice } from "../../shared/messages";
import { useSearch } from "../lib/router";
import { UUID_PATTERN } from "../../shared/constants";
import { AdminSubpage } from "./admin-subpage";

/** /admin/mensagens: a new list of WhatsApp messages; ?lista=<id>: a list being sent (both roles). */
export function MessagesRoute() {
  const search = new URLSearchParams(useSearch());
  // Only an id: the value goes into an API path.
  const lista = search.get("lista");
  const list = lista && UUID_PATTERN.test(lista) ? lista : null;
  const aviso = search.get("aviso");
  const notice = aviso && Object.hasOwn(MESSAGE_NOTICES, aviso) ? (aviso as MessageNotice) : null;
  return (
    <AdminSubpage title="Mensagens">
      {list ? <MessageListPage key={list} id={list} notice={notice} /> : <MessagesHome notice={notice} />}
    </AdminSubpage>
  );
}
