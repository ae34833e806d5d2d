import type { EventSettings } from "../../shared/event-settings";
import { fillMessage, type MessageTextKey, mobileProblem } from "../../shared/messages";
import { personalLink } from "../../shared/my-registration";
import type { Database } from "../db/database";
import { grantAccess } from "../my-registration/access-repository";
import { asPerson, eventFacts } from "./message-facts";
import { groupMembers } from "./message-groups";
import { readMessageTexts } from "./message-texts-repository";
import { whatsappTo } from "../../shared/phone";

/**
 * The wa.me link for one registration, from its details or card, with one of
 * the saved texts (and a new personal link when the text has `{link}`), or
 * with no text. Null when there is no such registration; a refusal when the
 * family asked for no messages or the number is not a mobile.
 */
export async function messageOneRegistration(
  db: Database,
  id: string,
  chave: MessageTextKey | null,
  settings: EventSettings,
  origin: string,
): Promise<string | { recusa: "sem_mensagens" | "invalida" } | null> {
  return db.transaction(async (tx) => {
    const [member] = await groupMembers(tx, { grupo: "selecionados", ids: [id] });
    if (!member) return null;
    if (member.sem_mensagens) return { recusa: "sem_mensagens" };
    if (mobileProblem(member.telefone)) return { recusa: "invalida" };
    if (!chave) return whatsappTo(member.telefone, "");
    const text = (await readMessageTexts(tx)).find((t) => t.chave === chave)?.texto ?? "";
    const link = text.includes("{link}")
      ? personalLink(origin, id, (await grantAccess(tx, [id], "link")).get(id) as string)
      : "";
    return whatsappTo(
      member.telefone,
      fillMessage(text, [asPerson(member, link, settings.fuso_horario)], eventFacts(settings)),
    );
  });
}
