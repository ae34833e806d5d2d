import { describe, expect } from "vitest";
import type { Registration } from "../../src/shared/api-types";
import type { BoardingList } from "../../src/shared/boarding";
import { COMPANION_MESSAGES } from "../../src/shared/companions";
import type { Accounts } from "../../src/shared/finance-views";
import { MESSAGES } from "../../src/shared/registration-schema";
import { apiTest, person } from "../support/api-fixtures";
import { DB_KINDS } from "../support/test-database";

describe.each(DB_KINDS)("Acompanhante on %s", (kind) => {
  const test = apiTest(kind);

  test("a 70-year-old chaperone gets a seat from the panel, exempt or at a price; the form keeps its ages", async ({
    t,
    adminSession,
    equipeSession,
  }) => {
    const bus = await adminSession.inject("POST", "/api/buses", { nome: "Ônibus 1", lugares: 2 });
    expect(bus.statusCode).toBe(201);
    // The public form still refuses 70.
    const form = await t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: person({ nome_completo: "Dona Form", idade: 70 }),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe(MESSAGES.ageMax);

    const add = (body: object) => adminSession.inject("POST", "/api/registrations/acompanhantes", body);
    const exempt = await add({
      nome_completo: "Dona Lurdes Acompanha",
      idade: 70,
      numero_responsavel: "(98) 98888-1111",
      isento: true,
    });
    expect(exempt.statusCode, exempt.body).toBe(201);
    const lurdes = exempt.json() as Registration;
    expect(lurdes).toMatchObject({
      acompanhante: true,
      idade: 70,
      situacao: "vaga",
      onibus_nome: "Ônibus 1",
      status_pagamento: "confirmado",
    });

    const paying = await add({
      nome_completo: "Seu Zé Motorista",
      idade: 58,
      numero_responsavel: "98977776666",
      isento: false,
      valor_centavos: 1000,
    });
    expect(paying.statusCode, paying.body).toBe(201);
    const ze = paying.json() as Registration;
    expect(ze).toMatchObject({ acompanhante: true, situacao: "vaga", status_pagamento: "pendente" });
    const [owed] = await t.db.query<{ devido: number }>(
      "SELECT caravana_valor_devido(r) AS devido FROM registrations r WHERE id = $1",
      [ze.id],
    );
    expect(owed.devido).toBe(1000);

    // The bus is full now: both count against its two seats.
    const [onibus] = await t.db.query<{ ocupados: number }>("SELECT ocupados FROM onibus");
    expect(onibus.ocupados).toBe(2);

    // Out of bounds, and for Equipe.
    expect(
      (await add({ nome_completo: "Jovem Demais", idade: 17, numero_responsavel: "98911112222", isento: true })).json()
        .error,
    ).toBe(COMPANION_MESSAGES.age);
    expect(
      (
        await add({
          nome_completo: "Caro Demais",
          idade: 40,
          numero_responsavel: "98911112222",
          isento: false,
          valor_centavos: 99_00,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await equipeSession.inject("POST", "/api/registrations/acompanhantes", {
          nome_completo: "Equipe Tenta",
          idade: 30,
          numero_responsavel: "98911112222",
          isento: true,
        })
      ).statusCode,
    ).toBe(403);

    // The list filters them, the roll call and the accounts count them, the exports say so.
    const listed = (await adminSession.inject("GET", "/api/registrations?status=acompanhantes")).json() as {
      items: Registration[];
    };
    expect(listed.items.map((r) => r.nome_completo).sort()).toEqual(["Dona Lurdes Acompanha", "Seu Zé Motorista"]);
    const roll = (await adminSession.inject("GET", "/api/boarding")).json() as BoardingList;
    const zeAtDoor = roll.passageiros.find((p) => p.id === ze.id);
    expect(zeAtDoor).toMatchObject({ acompanhante: true, devido_centavos: 1000 });
    const accounts = (await adminSession.inject("GET", "/api/finance/accounts")).json() as Accounts;
    expect(accounts.inscricoes).toMatchObject({ vaga: 2, acompanhantes: 2 });
    const csv = (await adminSession.inject("GET", "/api/registrations/export.csv?status=acompanhantes")).body;
    expect(csv.split("\r\n")[0]).toContain('"Acompanhante"');
    expect(csv).toMatch(/"Dona Lurdes Acompanha";"70";[^\r]*;"Sim"\r\n/);

    // Editing keeps an adult's age beyond the form's; a participant stays within it.
    const edited = await adminSession.inject("PATCH", `/api/registrations/${lurdes.id}`, {
      nome_completo: "Dona Lurdes Acompanha",
      idade: 71,
      numero_responsavel: "98988881111",
      metodo_pagamento: "ESPECIE",
      status_pagamento: "confirmado",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await adminSession.inject("DELETE", `/api/registrations/${ze.id}`);
    const youth = await t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: person({ nome_completo: "Jovem Form", idade: 20 }),
    });
    const tooOld = await adminSession.inject("PATCH", `/api/registrations/${youth.json().id}`, {
      nome_completo: "Jovem Form",
      idade: 70,
      numero_responsavel: "98988887777",
      metodo_pagamento: "PIX",
      status_pagamento: "pendente",
    });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().error).toBe(MESSAGES.ageMax);
  });
});
