import { describe, expect, it } from "vitest";
import type { BoardingList, BoardingPassenger } from "../../../../shared/boarding";
import type { QueuedAction, SavedList } from "./boarding-store";
import { canSend, initialRollCall, type RollCallAction, rollCallReducer } from "./roll-call-reducer";

const ana: BoardingPassenger = {
  id: "a",
  nome_completo: "Ana Lima",
  idade: 20,
  numero_responsavel: "98988887777",
  metodo_pagamento: "PIX",
  status_pagamento: "pendente",
  referencia: "JDJ2345",
  onibus_id: "b1",
  ida: false,
  volta: false,
};
const list = (passageiros: BoardingPassenger[]): SavedList => ({
  list: { agora: "2025-08-16T08:00:00.000Z", onibus: [], passageiros, fora: [] } as BoardingList,
  clockOffset: 0,
});
const cash = (id: string, login?: string): QueuedAction => ({
  id,
  tipo: "especie",
  inscricao_id: "a",
  feito_em: "2025-08-16T08:00:00.000Z",
  ...(login ? { autor: { login, nome: login } } : {}),
});
const run = (...actions: RollCallAction[]) => actions.reduce(rollCallReducer, initialRollCall(true));

describe("the roll call's state", () => {
  it("keeps what was tapped before the stored queue was read, after it, once", () => {
    const s = run({ type: "queued", action: cash("new") }, { type: "queue-read", queue: [cash("old"), cash("new")] });
    expect(s.queue.map((a) => a.id)).toEqual(["old", "new"]);
    expect(s.queueRead).toBe(true);
  });

  it("never lets the phone's older copy replace the list the server sent", () => {
    const server = list([ana]);
    const s = run({ type: "list-read", saved: server }, { type: "list-kept", saved: list([]) });
    expect(s.saved).toBe(server);
    expect(s.loading).toBe(false);
  });

  it("goes offline on a dead network and keeps the message of any other failure", () => {
    expect(run({ type: "list-failed", offline: true, message: null })).toMatchObject({
      online: false,
      loadError: null,
    });
    expect(run({ type: "list-failed", offline: false, message: "Erro" })).toMatchObject({
      online: true,
      loadError: "Erro",
    });
  });

  it("applies the server's states and a passenger paid in cash to the list", () => {
    const s = run(
      { type: "list-read", saved: list([ana]) },
      { type: "states", states: [{ id: "a", ida: true, volta: false }] },
      {
        type: "passenger",
        passenger: { ...ana, ida: true, status_pagamento: "confirmado", metodo_pagamento: "ESPECIE" },
      },
    );
    expect(s.saved?.list.passageiros[0]).toMatchObject({ ida: true, status_pagamento: "confirmado" });
  });

  it("sends another person's marks only once the one logged in agrees", () => {
    const queued = run({ type: "queue-read", queue: [cash("1", "maria"), cash("2", "joao"), cash("3")] });
    const sendable = (s: typeof queued) => s.queue.filter((a) => canSend(s, "joao", a)).map((a) => a.id);
    expect(sendable(queued)).toEqual(["2", "3"]);
    expect(sendable(rollCallReducer(queued, { type: "held-accepted" }))).toEqual(["1", "2", "3"]);
    expect(rollCallReducer(queued, { type: "sent", ids: ["1", "3"] }).queue.map((a) => a.id)).toEqual(["2"]);
  });
});
