import { describe, expect } from "vitest";
import type { Registration } from "../../src/shared/api-types";
import { type AuthorizationDocument, MINOR_MESSAGES } from "../../src/shared/minors";
import { purgePersonalData } from "../../src/server/maintenance/purge";
import { apiTest } from "../support/api-fixtures";
import { DB_KINDS } from "../support/test-database";

const child = {
  nome_completo: "Lia Pequena",
  idade: 12,
  numero_responsavel: "98911112222",
  metodo_pagamento: "PIX",
  consentimento: true,
  responsavel_nome: "Rosa Pequena",
  parentesco: "mae",
  saude: "Alergia a amendoim",
};

describe.each(DB_KINDS)("minors on %s", (kind) => {
  const test = apiTest(kind);
  const post = (
    t: { app: { inject: (o: object) => Promise<{ statusCode: number; json(): unknown }> } },
    body: object,
  ) => t.app.inject({ method: "POST", url: "/api/registrations", payload: body });

  test("a minor without the guardian's name or relationship is refused with the message; adults and spec-only clients are not", async ({
    t,
  }) => {
    const { responsavel_nome: _n, ...noName } = child;
    const res = await post(t, noName);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Nome do responsável é obrigatório" });
    const { parentesco: _p, ...noKin } = child;
    expect((await post(t, noKin)).json()).toEqual({ error: "Parentesco é obrigatório" });
    expect((await post(t, { ...child, parentesco: "vizinha" })).json()).toEqual({ error: "Parentesco é obrigatório" });
    // The spec's fields only, for an adult: as before.
    const adult = await post(t, {
      nome_completo: "Adulto Antigo",
      idade: 30,
      numero_responsavel: "98911112222",
      metodo_pagamento: "PIX",
    });
    expect(adult.statusCode).toBe(201);
    const ok = await post(t, child);
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db.query<{ responsavel_nome: string; parentesco: string; saude: string }>(
      "SELECT responsavel_nome, parentesco, saude FROM registrations WHERE nome_completo = 'Lia Pequena'",
    );
    expect(row).toEqual({ responsavel_nome: "Rosa Pequena", parentesco: "mae", saude: "Alergia a amendoim" });
  });

  test("the authorisation is filled in for the visitor with the token, names the bus leader, and its mark is logged", async ({
    t,
    adminSession,
    equipeSession,
  }) => {
    const bus = await adminSession.inject("POST", "/api/buses", {
      nome: "Ônibus 1",
      lugares: 10,
      responsavel_nome: "Paulo Líder",
      responsavel_telefone: "(98) 98888-1111",
    });
    expect(bus.statusCode, bus.body).toBe(201);
    const created = (await post(t, child)).json() as { id: string; upload_token: string };
    const doc = await t.app.inject({
      url: `/api/registrations/${created.id}/authorization-document`,
      headers: { authorization: `Bearer ${created.upload_token}` },
    });
    expect(doc.json()).toMatchObject({
      nome_completo: "Lia Pequena",
      idade: 12,
      responsavel_nome: "Rosa Pequena",
      parentesco: "mae",
      lider_nome: "Paulo Líder",
      lider_telefone: "98988881111",
      // The place names its city once; the group is "Nome do grupo", not the PIX receiver.
      destino: "Área Pastoral da Paróquia, Itapecuru-Mirim - MA",
      datas: "16 de agosto de 2025, a partir das 08h",
      ida: "16 de agosto de 2025",
      evento: "JDJ 2025",
      grupo: "Juventude Católica VG",
    } satisfies Partial<AuthorizationDocument>);
    expect((await t.app.inject({ url: `/api/registrations/${created.id}/authorization-document` })).statusCode).toBe(
      401,
    );

    const missing = async () =>
      (
        (await adminSession.inject("GET", "/api/registrations?status=sem_autorizacao")).json() as {
          items: Registration[];
        }
      ).items.map((r) => r.id);
    expect(await missing()).toEqual([created.id]);
    const marked = await equipeSession.inject("PUT", `/api/registrations/${created.id}/authorization`, {
      recebida: true,
    });
    expect(marked.json()).toMatchObject({ autorizacao_por: "Equipe Teste" });
    expect(await missing()).toEqual([]);
    const [log] = await t.db.query<{ tipo: string; resumo: string; ator_nome: string }>(
      "SELECT tipo, resumo, ator_nome FROM activity_log WHERE tipo LIKE 'autorizacao.%' ORDER BY id",
    );
    expect(log).toEqual({
      tipo: "autorizacao.recebida",
      resumo: "Autorização de viagem de Lia Pequena recebida",
      ator_nome: "Equipe Teste",
    });
    await adminSession.inject("PUT", `/api/registrations/${created.id}/authorization`, { recebida: false });
    expect(await missing()).toEqual([created.id]);
    const printed = (
      await adminSession.inject("GET", "/api/authorizations?faltando=1")
    ).json() as AuthorizationDocument[];
    expect(printed.map((d) => d.nome_completo)).toEqual(["Lia Pequena"]);
    expect((await equipeSession.inject("GET", "/api/authorizations")).statusCode).toBe(403);
    expect((await equipeSession.inject("GET", "/api/boarding/leader-sheet")).statusCode).toBe(403);
    const sheet = (await adminSession.inject("GET", "/api/boarding/leader-sheet")).json();
    expect(sheet[0]).toMatchObject({
      lider_nome: "Paulo Líder",
      passageiros: [{ nome_completo: "Lia Pequena", saude: "Alergia a amendoim", sem_autorizacao: true }],
    });
  });

  test("'Autorização recebida' is refused for someone 16 or older and for someone who gave up; an undo always goes", async ({
    t,
    register,
    adminSession,
  }) => {
    const adult = await register({ nome_completo: "Adulto Sem Papel", idade: 30 });
    const gone = await register({ nome_completo: "Criança Desistiu", idade: 12 });
    await t.app.inject({
      method: "POST",
      url: `/api/minha-inscricao/${gone.id}/desistir`,
      headers: { authorization: `Bearer ${gone.upload_token}` },
    });
    const mark = (id: string, recebida: boolean) =>
      adminSession.inject("PUT", `/api/registrations/${id}/authorization`, { recebida });
    const forAdult = await mark(adult.id, true);
    expect(forAdult.statusCode).toBe(409);
    expect(forAdult.json()).toEqual({ error: MINOR_MESSAGES.noAuthorizationNeeded("Adulto Sem Papel") });
    const forGone = await mark(gone.id, true);
    expect(forGone.statusCode).toBe(409);
    expect(forGone.json()).toEqual({ error: MINOR_MESSAGES.gaveUpNoAuthorization("Criança Desistiu") });
    const marked = await t.db.query("SELECT 1 FROM registrations WHERE autorizacao_recebida_em IS NOT NULL");
    expect(marked).toEqual([]);
    expect((await mark(adult.id, false)).statusCode).toBe(200);
  });

  test("the details give Coordenação the health notes, on a route Equipe is refused", async ({
    register,
    adminSession,
    equipeSession,
  }) => {
    const reg = await register({ nome_completo: "Sara Saúde", idade: 14, saude: "Alergia a dipirona" });
    const none = await register({ nome_completo: "Tito Sem Nota" });
    const read = (s: typeof adminSession, id: string) => s.inject("GET", `/api/registrations/${id}/health`);
    const coordination = await read(adminSession, reg.id);
    expect(coordination.statusCode, coordination.body).toBe(200);
    expect(coordination.json()).toEqual({ saude: "Alergia a dipirona" });
    expect((await read(adminSession, none.id)).json()).toEqual({ saude: null });
    const helper = await read(equipeSession, reg.id);
    expect(helper.statusCode).toBe(403);
    expect(helper.body).not.toContain("dipirona");
    expect((await read(adminSession, "0b8e6c1a-2f4d-4e7a-9c3b-5d6e7f809a1b")).statusCode).toBe(404);
  });

  test("health notes stay out of exports unless asked for, and purge removes them with the guardian", async ({
    t,
    adminSession,
  }) => {
    await post(t, child);
    const plain = (await adminSession.inject("GET", "/api/registrations/export.csv")).body;
    expect(plain).toContain('"Rosa Pequena";"Mãe";"Não"');
    expect(plain).not.toContain("amendoim");
    expect(plain).not.toContain("Cuidados de saúde");
    const asked = (await adminSession.inject("GET", "/api/registrations/export.csv?saude=1")).body;
    expect(asked).toContain('"Cuidados de saúde"');
    expect(asked).toContain('"Alergia a amendoim"');
    await purgePersonalData(t.db);
    const [row] = await t.db.query("SELECT responsavel_nome, parentesco, saude FROM registrations");
    expect(row).toEqual({ responsavel_nome: null, parentesco: null, saude: null });
  });
});
