import type { BoardingEvent, BoardingPassenger, MarksResult } from "../../../../shared/boarding";
import type { QueuedAction, SavedList } from "./boarding-store";

/** A passenger as this phone sees them: the server's state with the marks still queued on top. */
export interface SeenPassenger extends BoardingPassenger {
  /** Something about this person waits to be sent ("aguardando envio"). */
  aguardando: boolean;
}

export const isMark = (a: QueuedAction): a is Extract<QueuedAction, { tipo: "marca" }> => a.tipo === "marca";

/** The list with the states the server answered. */
export function withStates(saved: SavedList, states: MarksResult["estado"]): SavedList {
  const byId = new Map(states.map((s) => [s.id, s]));
  return {
    ...saved,
    list: {
      ...saved.list,
      passageiros: saved.list.passageiros.map((p) => {
        const s = byId.get(p.id);
        return s ? { ...p, ida: s.ida, volta: s.volta } : p;
      }),
    },
  };
}

/** The queue's effect on what the screen shows: the latest queued mark per person and trip wins. */
export function overlay(passengers: BoardingPassenger[], queue: QueuedAction[]): SeenPassenger[] {
  const marks = new Map<string, { embarcou: boolean; at: string }>();
  const cash = new Set<string>();
  const touched = new Set<string>();
  for (const a of queue) {
    if (isMark(a)) {
      const key = `${a.marca.inscricao_id}/${a.marca.viagem}`;
      const prev = marks.get(key);
      if (!prev || prev.at <= a.marca.feito_em) marks.set(key, { embarcou: a.marca.embarcou, at: a.marca.feito_em });
      touched.add(a.marca.inscricao_id);
    } else {
      cash.add(a.inscricao_id);
      touched.add(a.inscricao_id);
    }
  }
  if (touched.size === 0) return passengers.map((p) => ({ ...p, aguardando: false }));
  return passengers.map((p) => {
    if (!touched.has(p.id)) return { ...p, aguardando: false };
    return {
      ...p,
      ida: marks.get(`${p.id}/ida`)?.embarcou ?? p.ida,
      volta: marks.get(`${p.id}/volta`)?.embarcou ?? p.volta,
      status_pagamento: cash.has(p.id) ? "confirmado" : p.status_pagamento,
      aguardando: true,
    };
  });
}

/** Another phone's marks, as new states of the people they name; null when one is not in the lists (read them again). */
export function statesFromEvent(
  passengers: BoardingPassenger[],
  marks: BoardingEvent["marks"],
): MarksResult["estado"] | null {
  const byId = new Map(passengers.map((p) => [p.id, p]));
  const states = new Map<string, MarksResult["estado"][number]>();
  for (const m of marks) {
    const p = byId.get(m.id);
    if (!p) return null;
    const s = states.get(m.id) ?? { id: p.id, ida: p.ida, volta: p.volta };
    s[m.viagem] = m.embarcou;
    states.set(m.id, s);
  }
  return [...states.values()];
}

/** Queued marks the person logged in now may not send yet, counted per person who made them. */
export function othersQueued(
  queue: QueuedAction[],
  sendable: (a: QueuedAction) => boolean,
): { nome: string; count: number }[] {
  const byPerson = new Map<string, { nome: string; count: number }>();
  for (const a of queue) {
    if (!a.autor || sendable(a)) continue;
    const entry = byPerson.get(a.autor.login) ?? { nome: a.autor.nome, count: 0 };
    entry.count++;
    byPerson.set(a.autor.login, entry);
  }
  return [...byPerson.values()];
}
