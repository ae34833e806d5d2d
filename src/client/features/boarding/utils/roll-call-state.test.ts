import { describe, expect, it } from "vitest";
import type { BoardingPassenger } from "../../../../shared/boarding";
import type { QueuedAction } from "./boarding-store";
import { othersQueued, overlay, statesFromEvent, withStates } from "./roll-call-state";

const ana: BoardingPassenger = {
  id: "a",
  nome_completo: "Ana Lima",
  idade: 20,
  numero_responsavel: "98988887777",
  status_pagamento: "pendente",
  referencia: "JDJ2345",
  onibus_id: "b1",
  ida: false,
  volta: true,
};
const bia: BoardingPassenger = { ...ana, id: "b", nome_completo: "Bia Melo", volta: false };

const mark = (id: string, who: string, viagem: "ida" | "volta", embarcou: boolean, at: string): QueuedAction => ({
  id,
  tipo: "marca",
  marca: { id, inscricao_id: who, viagem, embarcou, feito_em: `2025-08-16T08:00:0${at}.000Z` },
});

describe("what the phone shows while marks wait to be sent", () => {
  it("shows the server's state when nothing waits", () => {
    expect(overlay([ana, bia], [])).toEqual([
      { ...ana, aguardando: false },
      { ...bia, aguardando: false },
    ]);
  });

  it("puts the latest queued mark per trip on top, flags the row, and shows queued cash as paid", () => {
    const queue = [
      mark("m2", "a", "ida", false, "5"),
      mark("m1", "a", "ida", true, "3"),
      mark("m3", "a", "volta", false, "4"),
      { id: "c1", tipo: "especie", inscricao_id: "b", feito_em: "2025-08-16T08:00:06.000Z" } as const,
    ];
    const [a, b] = overlay([ana, bia], queue);
    expect(a).toMatchObject({ ida: false, volta: false, aguardando: true });
    expect(b).toMatchObject({ ida: false, status_pagamento: "confirmado", aguardando: true });
  });

  it("takes the server's answer for the people it names", () => {
    const saved = { clockOffset: 0, list: { agora: "", onibus: [], passageiros: [ana, bia], fora: [] } };
    const next = withStates(saved, [{ id: "b", ida: true, volta: true }]);
    expect(next.list.passageiros).toEqual([ana, { ...bia, ida: true, volta: true }]);
  });

  it("turns another phone's marks into states, and asks for the lists again for someone unknown", () => {
    const marks = [
      { id: "a", viagem: "ida" as const, embarcou: true },
      { id: "a", viagem: "volta" as const, embarcou: false },
    ];
    expect(statesFromEvent([ana, bia], marks)).toEqual([{ id: "a", ida: true, volta: false }]);
    expect(statesFromEvent([ana, bia], [{ id: "z", viagem: "ida", embarcou: true }])).toBeNull();
  });
});

describe("marks queued by someone else on this phone", () => {
  const mark = (id: string, login?: string, nome?: string): QueuedAction => ({
    id,
    tipo: "marca",
    marca: { id, inscricao_id: "a", viagem: "ida", embarcou: true, feito_em: "2025-08-16T08:00:00.000Z" },
    ...(login ? { autor: { login, nome: nome ?? login } } : {}),
  });

  it("counts them per person, leaving out one's own and those with no name", () => {
    const queue = [mark("1", "maria", "Maria"), mark("2", "pedro"), mark("3", "maria", "Maria"), mark("4")];
    const mine = (a: QueuedAction) => !a.autor || a.autor.login === "pedro";
    expect(othersQueued(queue, mine)).toEqual([{ nome: "Maria", count: 2 }]);
    expect(othersQueued(queue, () => true)).toEqual([]);
  });
});
