import type { EventSettings } from "../../shared/event-settings";
import {
  charactersOver,
  DEFAULT_MESSAGE_TEXTS,
  fillMessage,
  hasPersonalLink,
  MESSAGE_GROUPS,
  MESSAGE_MESSAGES,
  mobileProblem,
  TOO_LONG_MESSAGE,
} from "../../shared/messages";
import type { MessagePreview, NewMessageList } from "../../shared/message-lists";
import type { AdminActor } from "../auth/session-repository";
import type { Database, Queryable } from "../db/database";
import { ForbiddenError, NotFoundError, UnprocessableError } from "../domain-errors";
import { asPerson, byPhone, eventFacts, sampleLink } from "./message-facts";
import { groupMembers, type Member } from "./message-groups";

/**
 * Equipe sends only to the bus it takes care of (onibus.equipe_id), and with no {link}: a personal link opens
 * the family's health notes, which Equipe does not see (decision 043). Coordenação sends to any group.
 */
export async function checkMayStart(
  db: Queryable,
  actor: AdminActor,
  input: Pick<NewMessageList, "grupo" | "onibus_id" | "texto">,
) {
  if (actor.papel === "equipe" && hasPersonalLink(input.texto))
    throw new ForbiddenError(MESSAGE_MESSAGES.linkNotForEquipe);
  if (input.grupo === "onibus") {
    const [bus] = await db.query<{ equipe_id: number | null }>("SELECT equipe_id FROM onibus WHERE id = $1", [
      input.onibus_id ?? null,
    ]);
    if (!bus) throw new NotFoundError(MESSAGE_MESSAGES.busNotFound);
    if (actor.papel === "equipe" && bus.equipe_id !== actor.id) throw new ForbiddenError(MESSAGE_MESSAGES.busOnly);
    return;
  }
  if (actor.papel === "equipe") throw new ForbiddenError(MESSAGE_MESSAGES.busOnly);
}

/**
 * What a list would be: its people, its rows (one per phone; a phone whose
 * people do not fit one wa.me link gets as many messages as it takes), the
 * text filled in for the first row, and what to cut when one person's own
 * message is too long.
 */
async function planList(db: Queryable, input: NewMessageList, settings: EventSettings, origin: string) {
  const members = await groupMembers(db, input);
  const sending = members.filter((m) => !m.sem_mensagens);
  const facts = eventFacts(settings);
  const link = sampleLink(origin);
  // Each person's fields once: a phone's people are filled in again for every one added to its message.
  const person = new Map(sending.map((m) => [m, asPerson(m, link, settings.fuso_horario)]));
  const fill = (people: Member[]) =>
    fillMessage(
      input.texto,
      people.map((m) => person.get(m)!),
      facts,
    );
  const rows: { telefone: string; people: Member[]; problema: string | null }[] = [];
  let cortar = 0;
  let exemplo: string | null = null;
  for (const phone of byPhone(sending)) {
    const problema = mobileProblem(phone.telefone);
    if (problema) {
      rows.push({ ...phone, problema });
      continue;
    }
    let chunk: Member[] = [];
    for (const person of phone.people) {
      if (chunk.length > 0 && charactersOver(phone.telefone, fill([...chunk, person])) > 0) {
        rows.push({ telefone: phone.telefone, people: chunk, problema: null });
        chunk = [];
      }
      chunk.push(person);
    }
    rows.push({ telefone: phone.telefone, people: chunk, problema: null });
  }
  for (const row of rows) {
    if (row.problema) continue;
    const text = fill(row.people);
    exemplo ??= text;
    cortar = Math.max(cortar, charactersOver(row.telefone, text));
  }
  return { members, sending, rows, exemplo, cortar };
}

export async function previewMessageList(
  db: Queryable,
  input: NewMessageList,
  settings: EventSettings,
  origin: string,
): Promise<MessagePreview> {
  const plan = await planList(db, input, settings, origin);
  return {
    pessoas: plan.sending.length,
    linhas: plan.rows.filter((r) => !r.problema).length,
    sem_mensagens: plan.members.length - plan.sending.length,
    invalidos: plan.rows.filter((r) => r.problema).length,
    exemplo: plan.exemplo,
    cortar: plan.cortar,
  };
}

/**
 * Makes a list: one row per phone number, a number that is not a valid mobile
 * listed apart with its reason. The log entry is the table's trigger's
 * (caravana_log_messages), in this transaction. Refused, with nothing written,
 * for an empty group or a text too long for a wa.me link.
 */
export async function createMessageList(
  db: Database,
  actor: AdminActor,
  input: NewMessageList,
  settings: EventSettings,
  origin: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await checkMayStart(tx, actor, input);
    const plan = await planList(tx, input, settings, origin);
    if (plan.sending.length === 0) throw new UnprocessableError(MESSAGE_MESSAGES.emptyGroup);
    if (plan.cortar > 0) throw new UnprocessableError(TOO_LONG_MESSAGE(plan.cortar));
    const [bus] =
      input.grupo === "onibus"
        ? await tx.query<{ nome: string }>("SELECT nome FROM onibus WHERE id = $1", [input.onibus_id])
        : [];
    const [list] = await tx.query<{ id: string }>(
      `INSERT INTO mensagem_listas (grupo, onibus_id, rotulo, texto_chave, texto_titulo, texto, pessoas, sem_mensagens,
         criada_por_id, criada_por_nome, criada_por_papel)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        input.grupo,
        input.onibus_id ?? null,
        bus ? bus.nome : MESSAGE_GROUPS[input.grupo],
        input.texto_chave,
        DEFAULT_MESSAGE_TEXTS[input.texto_chave].titulo,
        input.texto,
        plan.sending.length,
        plan.members.length - plan.sending.length,
        actor.id,
        actor.nome,
        actor.papel,
      ],
    );
    await tx.query(
      `INSERT INTO mensagem_linhas (lista_id, ordem, telefone, inscricao_ids, estado, motivo)
       SELECT $1, r.ordem, r.telefone, string_to_array(r.ids, ',')::uuid[], r.estado, r.motivo
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS r(ordem, telefone, ids, estado, motivo)`,
      [
        list.id,
        plan.rows.map((_, i) => i + 1),
        plan.rows.map((r) => r.telefone),
        plan.rows.map((r) => r.people.map((m) => m.id).join(",")),
        plan.rows.map((r) => (r.problema ? "invalida" : "aguardando")),
        plan.rows.map((r) => r.problema),
      ],
    );
    return list;
  });
}
