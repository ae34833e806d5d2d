import type { EventSettings } from "../../shared/event-settings";
import type { MessageEventFacts, MessagePerson } from "../../shared/messages";
import { personalLink } from "../../shared/my-registration";
import type { Member } from "./message-groups";
import { deadlineIn } from "../../shared/dates";

/** The event's fields of a message, from "Configurações". */
export const eventFacts = (s: EventSettings): MessageEventFacts => ({
  evento: s.titulo,
  grupo: s.grupo_nome,
  data: s.data,
  horario: s.horario,
  local: s.local,
});

/** A link as long as a real one: the length check and the preview need no secret. */
export const sampleLink = (origin: string) =>
  personalLink(origin, "00000000-0000-4000-8000-000000000000", "x".repeat(43));

export const asPerson = (m: Member, link: string, zone: string): MessagePerson => ({
  nome: m.nome,
  codigo: m.codigo,
  devido_centavos: m.devido_centavos,
  onibus: m.onibus,
  posicao_espera: m.posicao_espera,
  prazo: m.prazo_pagamento ? deadlineIn(m.prazo_pagamento, zone) : null,
  link,
});

/** Members grouped by phone number, in the order of each number's first registration. */
export function byPhone<T extends { telefone: string }>(members: T[]): { telefone: string; people: T[] }[] {
  const rows = new Map<string, T[]>();
  for (const m of members) {
    const list = rows.get(m.telefone);
    if (list) list.push(m);
    else rows.set(m.telefone, [m]);
  }
  return [...rows].map(([telefone, people]) => ({ telefone, people }));
}
