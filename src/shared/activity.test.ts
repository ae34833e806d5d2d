import { describe, expect, it } from "vitest";
import { activityActor, activityValue } from "./activity";

describe("activityValue", () => {
  it("writes stored words as the panel does elsewhere", () => {
    expect(activityValue("ESPECIE", "metodo_pagamento")).toBe("Espécie");
    expect(activityValue("PIX", "metodo_pagamento")).toBe("PIX");
    expect(activityValue("confirmado", "status_pagamento")).toBe("Confirmado");
    expect(activityValue("espera", "situacao")).toBe("Lista de espera");
    expect(activityValue("coordenacao", "papel")).toBe("Coordenação");
    expect(activityValue("volta", "viagem")).toBe("Volta");
  });

  it("keeps names, prices, lists and empties as before", () => {
    expect(activityValue("ESPECIE", "nome_completo")).toBe("ESPECIE");
    expect(activityValue(1500, "preco_centavos")).toBe("R$ 15,00");
    expect(activityValue(["a", "b"])).toBe("a | b");
    expect(activityValue(null)).toBe("—");
    expect(activityValue(true)).toBe("sim");
  });
});

describe("activityActor", () => {
  it("writes the database's own actors with a capital, as a person's name is, and keeps names as given", () => {
    expect(
      ["sistema", "visitante", "participante", "Sistema", "Bia Ajudante", "Coordenação"].map(activityActor),
    ).toEqual(["Sistema", "Visitante", "Participante", "Sistema", "Bia Ajudante", "Coordenação"]);
  });
});
