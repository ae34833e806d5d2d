import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import type { SettingsView } from "../../src/shared/event-settings";
import { LOOKUPS_PER_ADDRESS_PER_HOUR, LOOKUPS_PER_PHONE_PER_HOUR } from "../../src/server/routes/my-registration";
import {
  MY_REGISTRATION_MESSAGES,
  type FoundRegistrations,
  type MyRegistration,
  type PersonalLink,
} from "../../src/shared/my-registration";
import { type AdminSession, apiTest } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const read = (t: TestApp, id: string, token: string | null) =>
  t.app.inject({
    method: "GET",
    url: `/api/minha-inscricao/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const mine = async (t: TestApp, reg: { id: string; upload_token: string }) => {
  const res = await read(t, reg.id, reg.upload_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyRegistration;
};
const lookup = (t: TestApp, telefone: string, codigo: string, remoteAddress = "10.1.1.1") =>
  t.app.inject({ method: "POST", url: "/api/minha-inscricao/busca", payload: { telefone, codigo }, remoteAddress });
const post = (t: TestApp, url: string, token: string, payload?: object) =>
  t.app.inject({ method: payload ? "PUT" : "POST", url, headers: { authorization: `Bearer ${token}` }, payload });

async function addBus(admin: AdminSession, nome: string, lugares: number) {
  const res = await admin.inject("POST", "/api/buses", { nome, lugares });
  expect(res.statusCode, res.body).toBe(201);
}

describe.each(DB_KINDS)("Minha inscrição on %s", (kind) => {
  const test = apiTest(kind);

  test("the phone that registered reads its registration, kept by no cache, Referer or search engine", async ({
    t,
    register,
  }) => {
    const reg = await register({ nome_completo: "Ana Página", numero_responsavel: "98911112222" });
    const res = await read(t, reg.id, reg.upload_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const view = res.json() as MyRegistration;
    expect(view).toMatchObject({
      nome_completo: "Ana Página",
      numero_responsavel: "98911112222",
      referencia: reg.referencia,
      evento: "JDJ 2025",
      situacao: "vaga",
      pagamento: { estado: "pendente", devido_centavos: 1500, metodo: "PIX", comprovante_recebido: false },
      autorizacao: null,
      pode_alterar: true,
    });

    const page = await t.app.inject({ method: "GET", url: "/minha-inscricao" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  test("a missing, wrong or other registration's secret gets one answer and no data", async ({ t, register }) => {
    const a = await register({ nome_completo: "Bia Segredo" });
    const b = await register({ nome_completo: "Caio Outro" });
    const answers = await Promise.all([
      read(t, a.id, null),
      read(t, a.id, "x".repeat(43)),
      read(t, a.id, b.upload_token),
      read(t, "0b8e6c1a-2f4d-4e7a-9c3b-5d6e7f809a1b", a.upload_token),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.badAccess });
    }
  });

  test("another phone finds a registration and its family with one code; a wrong pair finds nothing, like a missing one", async ({
    t,
    register,
  }) => {
    const first = await register({ nome_completo: "Davi Irmão", numero_responsavel: "98933334444", idade: 12 });
    // The mother's phone holds Davi's secret and sends it with his sister's registration.
    const second = await register({
      nome_completo: "Duda Irmã",
      numero_responsavel: "98933334444",
      idade: 14,
      familia: [{ id: first.id, token: first.upload_token }],
    });
    const other = await register({ nome_completo: "Elo Vizinha", numero_responsavel: "98955556666" });

    const found = await lookup(t, "(98) 93333-4444", first.referencia.toLowerCase());
    expect(found.statusCode, found.body).toBe(200);
    const { inscricoes } = found.json() as FoundRegistrations;
    expect(inscricoes.map((r) => r.nome_completo)).toEqual(["Davi Irmão", "Duda Irmã"]);
    // Either child's code opens the family.
    const fromSecond = (await lookup(t, "98933334444", second.referencia)).json() as FoundRegistrations;
    expect(fromSecond.inscricoes.map((r) => r.nome_completo)).toEqual(["Davi Irmão", "Duda Irmã"]);
    for (const r of inscricoes) {
      const view = await read(t, r.id, r.token);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ id: r.id, autorizacao: "falta_entregar" });
    }
    // Stored as hashes only.
    const stored = await t.db.query<{ token_hash: string }>(
      "SELECT token_hash FROM inscricao_acessos WHERE inscricao_id = $1 ORDER BY criado_em LIMIT 1",
      [first.id],
    );
    expect(stored).toEqual([{ token_hash: sha256(inscricoes[0].token) }]);

    const wrongPair = await lookup(t, "98933334444", other.referencia);
    const noSuchPhone = await lookup(t, "98900000000", first.referencia);
    const noSuchCode = await lookup(t, "98933334444", "JDJ2222");
    for (const res of [wrongPair, noSuchPhone, noSuchCode]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.notFound });
    }
    const badCode = await lookup(t, "98933334444", "ABC");
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.code });
  });

  test("a code made by a stranger on the family's number opens only the stranger's registration, before or after the family's", async ({
    t,
    register,
  }) => {
    const phone = "98933335555";
    const stranger = await register({ nome_completo: "Intruso Qualquer", numero_responsavel: phone });
    const child = await register({
      nome_completo: "Lia Criança",
      numero_responsavel: phone,
      idade: 12,
      saude: "Epilepsia; toma Depakote 500 mg",
    });
    // A later sibling, with the family's proof.
    const sibling = await register({
      nome_completo: "Léo Criança",
      numero_responsavel: phone,
      idade: 10,
      familia: [{ id: child.id, token: child.upload_token }],
    });
    // The stranger's own proof joins only the stranger; a proof with a wrong secret, or for another number, joins nothing.
    const strangersFriend = await register({
      nome_completo: "Amigo Intruso",
      numero_responsavel: phone,
      familia: [
        { id: child.id, token: stranger.upload_token },
        { id: stranger.id, token: stranger.upload_token },
      ],
    });
    const otherNumber = await register({
      nome_completo: "Outro Número",
      numero_responsavel: "98933336666",
      familia: [{ id: child.id, token: child.upload_token }],
    });

    const names = async (code: string, telefone = phone) =>
      ((await lookup(t, telefone, code)).json() as FoundRegistrations).inscricoes?.map((r) => r.nome_completo);
    expect(await names(stranger.referencia)).toEqual(["Intruso Qualquer", "Amigo Intruso"]);
    expect(await names(strangersFriend.referencia)).toEqual(["Intruso Qualquer", "Amigo Intruso"]);
    expect(await names(child.referencia)).toEqual(["Lia Criança", "Léo Criança"]);
    expect(await names(sibling.referencia)).toEqual(["Lia Criança", "Léo Criança"]);
    expect(await names(otherNumber.referencia, "98933336666")).toEqual(["Outro Número"]);

    // What the stranger's lookup gave opens nothing of the children.
    const { inscricoes } = (await lookup(t, phone, stranger.referencia)).json() as FoundRegistrations;
    for (const r of inscricoes) {
      for (const kid of [child, sibling]) expect((await read(t, kid.id, r.token)).statusCode).toBe(403);
    }
    const giveUp = await post(t, `/api/minha-inscricao/${child.id}/desistir`, inscricoes[0].token);
    expect(giveUp.statusCode).toBe(403);
  });

  test("wrong codes stop per phone number and every try per address, with when to try again; the family's right pair still goes through", async ({
    t,
    register,
  }) => {
    const reg = await register({ nome_completo: "Fábio Limite", numero_responsavel: "98977770000" });
    for (let i = 0; i < LOOKUPS_PER_PHONE_PER_HOUR; i++) {
      const res = await lookup(t, "98977770000", `JDJ${"ABCDEFGH"[i]}ZZZ`, `10.2.0.${i + 1}`);
      expect(res.statusCode).toBe(404);
    }
    // From a new address, another wrong code waits; the family's right pair is not locked out by a stranger's tries.
    const blocked = await lookup(t, "98977770000", "JDJHZZZ", "10.2.1.1");
    expect(blocked.statusCode).toBe(429);
    const family = await lookup(t, "98977770000", reg.referencia, "10.2.1.2");
    expect(family.statusCode, family.body).toBe(200);
    // Says when: the next try of 6 an hour comes within 10 minutes.
    const wait = Number(blocked.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(blocked.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.tooMany(wait) });
    expect(blocked.json().error).toMatch(/^Muitas tentativas seguidas\. Tente de novo daqui a \d+ minutos?\.$/);

    for (let i = 0; i < LOOKUPS_PER_ADDRESS_PER_HOUR; i++) {
      const res = await lookup(t, `989${String(i).padStart(8, "0")}`, "JDJZZZZ", "10.3.0.1");
      expect(res.statusCode).toBe(404);
    }
    const fromAddress = await lookup(t, "98988880000", "JDJZZZZ", "10.3.0.1");
    expect(fromAddress.statusCode).toBe(429);
    // Counted by a hash: the limits' table holds no phone number.
    const buckets = JSON.stringify(await t.db.query("SELECT * FROM rate_limit_buckets"));
    expect(buckets).not.toContain("98977770000");
  });

  test("shows a payment as paid by PIX, in cash, exempted or discounted, and a receipt once it arrived", async ({
    t,
    register,
    adminSession,
  }) => {
    const pix = await register({ nome_completo: "Gil Pix" });
    const cash = await register({ nome_completo: "Hana Dinheiro", metodo_pagamento: "ESPECIE" });
    const exempt = await register({ nome_completo: "Ivo Isento" });
    const discounted = await register({ nome_completo: "Jade Desconto" });
    for (const r of [pix, cash]) {
      const res = await adminSession.inject("PATCH", `/api/registrations/${r.id}`, { status_pagamento: "confirmado" });
      expect(res.statusCode, res.body).toBe(200);
    }
    await adminSession.inject("POST", `/api/registrations/${exempt.id}/adjust`, { valor_centavos: 0, motivo: "bolsa" });
    await adminSession.inject("POST", `/api/registrations/${discounted.id}/adjust`, {
      valor_centavos: 1000,
      motivo: "irmãos",
    });

    const paid = (await mine(t, pix)).pagamento;
    expect(paid).toMatchObject({ estado: "pago", como: "PIX", devido_centavos: 1500 });
    expect(Date.parse(paid.pago_em ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect((await mine(t, cash)).pagamento).toMatchObject({ estado: "pago", como: "em dinheiro" });
    expect((await mine(t, exempt)).pagamento).toMatchObject({ estado: "isento", devido_centavos: 0, como: null });
    expect((await mine(t, discounted)).pagamento).toMatchObject({
      estado: "pendente",
      devido_centavos: 1000,
      desconto_centavos: 500,
    });

    const payer = await post(t, `/api/registrations/${discounted.id}/payer`, discounted.upload_token, {
      nome_pagador: "Mãe da Jade",
    });
    expect(payer.statusCode, payer.body).toBe(200);
    expect((await mine(t, discounted)).pagamento.nome_pagador).toBe("Mãe da Jade");
  });

  test("a secret from a lookup sends the receipt and the payer's name, as the phone that registered does", async ({
    t,
    register,
  }) => {
    const reg = await register({ nome_completo: "Kiko Outro Celular", numero_responsavel: "98944445555" });
    const [found] = ((await lookup(t, "98944445555", reg.referencia)).json() as FoundRegistrations).inscricoes;
    const payer = await post(t, `/api/registrations/${reg.id}/payer`, found.token, { nome_pagador: "Tia Kátia" });
    expect(payer.statusCode, payer.body).toBe(200);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const boundary = "----caravana";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pix.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: "POST",
      url: `/api/registrations/${reg.id}/receipt`,
      headers: { authorization: `Bearer ${found.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await mine(t, reg)).pagamento.comprovante_recebido).toBe(true);
  });

  test("a seat or a place in line, and the move from one to the other", async ({ t, register, adminSession }) => {
    await addBus(adminSession, "Ônibus 1", 1);
    const seated = await register({ nome_completo: "Lia Sentada" });
    const waiting = await register({ nome_completo: "Mia Esperando" });
    expect(await mine(t, seated)).toMatchObject({ situacao: "vaga", onibus_nome: "Ônibus 1" });
    expect(await mine(t, waiting)).toMatchObject({ situacao: "espera", posicao_espera: 1, onibus_nome: null });
  });

  test("the family corrects the guardian, the relationship and the health notes, logged as 'participante', until the date", async ({
    t,
    register,
    adminSession,
  }) => {
    const reg = await register({ nome_completo: "Nina Menor", idade: 12, responsavel_nome: "Rosa Mãe" });
    const fix = await post(t, `/api/minha-inscricao/${reg.id}/dados`, reg.upload_token, {
      responsavel_nome: "Rosa Maria Avó",
      parentesco: "avo",
      saude: "Alergia a amendoim",
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json()).toMatchObject({
      responsavel_nome: "Rosa Maria Avó",
      parentesco: "avo",
      saude: "Alergia a amendoim",
    });
    const [entry] = await t.db.query<{ ator_nome: string; resumo: string }>(
      "SELECT ator_nome, resumo FROM activity_log WHERE inscricao_id = $1 ORDER BY id DESC LIMIT 1",
      [reg.id],
    );
    expect(entry.ator_nome).toBe("participante");

    const tooLong = await post(t, `/api/minha-inscricao/${reg.id}/dados`, reg.upload_token, {
      responsavel_nome: "Rosa Maria Avó",
      parentesco: "avo",
      saude: "x".repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: "Cuidados de saúde: no máximo 500 caracteres" });
    const noGuardian = await post(t, `/api/minha-inscricao/${reg.id}/dados`, reg.upload_token, {
      responsavel_nome: null,
      parentesco: null,
      saude: null,
    });
    expect(noGuardian.statusCode).toBe(400);
    expect(noGuardian.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.guardianForMinor });
    // A field the family does not own is refused.
    const nameChange = await post(t, `/api/minha-inscricao/${reg.id}/dados`, reg.upload_token, {
      responsavel_nome: "Rosa",
      parentesco: "mae",
      saude: null,
      nome_completo: "Outra Pessoa",
    });
    expect(nameChange.statusCode).toBe(400);

    const yesterday = new Date(Date.now() - 86_400_000 * 2).toISOString().slice(0, 10);
    const { values } = (await adminSession.inject("GET", "/api/settings")).json() as SettingsView;
    const setting = await adminSession.inject("PUT", "/api/settings", { ...values, alteracoes_ate: yesterday });
    expect(setting.statusCode, setting.body).toBe(200);
    const late = await post(t, `/api/minha-inscricao/${reg.id}/dados`, reg.upload_token, {
      responsavel_nome: "Rosa Mãe",
      parentesco: "mae",
      saude: null,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: MY_REGISTRATION_MESSAGES.closedUntil(yesterday.split("-").reverse().join("/")),
    });
    expect((await mine(t, reg)).pode_alterar).toBe(false);
    expect((await mine(t, reg)).responsavel_nome).toBe("Rosa Maria Avó");
    await adminSession.inject("DELETE", "/api/settings/alteracoes_ate");
  });

  test("'Desistir' passes the seat to the first in line, opens a paid one's refund, keeps the person counted, and is refused twice", async ({
    t,
    register,
    adminSession,
  }) => {
    await addBus(adminSession, "Ônibus 1", 1);
    const seated = await register({ nome_completo: "Otto Desiste" });
    const next = await register({ nome_completo: "Paula Próxima" });
    await adminSession.inject("PATCH", `/api/registrations/${seated.id}`, { status_pagamento: "confirmado" });

    const gaveUp = await post(t, `/api/minha-inscricao/${seated.id}/desistir`, seated.upload_token);
    expect(gaveUp.statusCode, gaveUp.body).toBe(200);
    expect(gaveUp.json()).toMatchObject({ situacao: "desistente", onibus_nome: null, pode_alterar: false });
    expect(await mine(t, next)).toMatchObject({ situacao: "vaga", onibus_nome: "Ônibus 1" });

    const refunds = await t.db.query<{ origem: string; valor_centavos: number; estado: string }>(
      "SELECT origem, valor_centavos, estado FROM reembolsos WHERE inscricao_id = $1",
      [seated.id],
    );
    expect(refunds).toEqual([{ origem: "desistencia", valor_centavos: 1500, estado: "pendente" }]);
    const [logged] = await t.db.query<{ ator_nome: string }>(
      "SELECT ator_nome FROM activity_log WHERE inscricao_id = $1 ORDER BY id DESC LIMIT 1",
      [seated.id],
    );
    expect(logged.ator_nome).toBe("participante");
    const stats = (await adminSession.inject("GET", "/api/finance/accounts")).json() as {
      inscricoes: { vaga: number; desistente: number };
    };
    expect(stats.inscricoes).toMatchObject({ vaga: 1, desistente: 1 });

    const twice = await post(t, `/api/minha-inscricao/${seated.id}/desistir`, seated.upload_token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.alreadyGaveUp });
  });

  test("someone who boarded cannot give up from the page", async ({ t, register, adminSession }) => {
    const reg = await register({ nome_completo: "Quim Embarcado" });
    const mark = await adminSession.inject("POST", "/api/boarding/marks", {
      marcas: [
        {
          id: "7d0c7f9e-5f4a-4c38-9a47-3f4b4d6a2b10",
          inscricao_id: reg.id,
          viagem: "ida",
          embarcou: true,
          feito_em: new Date().toISOString(),
        },
      ],
    });
    expect(mark.statusCode, mark.body).toBe(200);
    const refused = await post(t, `/api/minha-inscricao/${reg.id}/desistir`, reg.upload_token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.boarded });
    expect(await mine(t, reg)).toMatchObject({ situacao: "vaga", embarcou: true });
  });

  test("'Enviar link' adds a link; 'Gerar novo link' stops every earlier one, the registering phone's included", async ({
    t,
    register,
    adminSession,
  }) => {
    const reg = await register({ nome_completo: "Rui Link", numero_responsavel: "98966667777" });
    // The link names the configured address, whatever Host the request came with.
    const sent = await adminSession.raw({
      method: "POST",
      url: `/api/registrations/${reg.id}/link`,
      headers: { host: "evil.example" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const link = sent.json() as PersonalLink;
    expect(link.link).toBe(`${t.config.publicUrl}/minha-inscricao#${reg.id}.${link.token}`);
    expect(t.config.publicUrl).toBe("http://localhost:3000");
    expect((await read(t, reg.id, link.token)).statusCode).toBe(200);
    expect((await read(t, reg.id, reg.upload_token)).statusCode).toBe(200);
    const [found] = ((await lookup(t, "98966667777", reg.referencia)).json() as FoundRegistrations).inscricoes;

    const rotated = await adminSession.inject("POST", `/api/registrations/${reg.id}/new-link`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json() as { token: string };
    for (const old of [link.token, reg.upload_token, found.token]) {
      expect((await read(t, reg.id, old)).statusCode).toBe(403);
    }
    expect((await read(t, reg.id, fresh.token)).statusCode).toBe(200);
    // A phone that changed hands knows the number and the code: they no longer open it, only the new link does.
    const again = await lookup(t, "98966667777", reg.referencia);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MY_REGISTRATION_MESSAGES.notFound });
    const missing = await adminSession.inject("POST", "/api/registrations/0b8e6c1a-2f4d-4e7a-9c3b-5d6e7f809a1b/link");
    expect(missing.statusCode).toBe(404);
  });

  test("after 'Encerrar edição', an old secret names the closed edition and shows nothing of it", async ({
    t,
    register,
    adminSession,
  }) => {
    const reg = await register({ nome_completo: "Tito Ano Passado" });
    const view = await adminSession.inject("GET", "/api/editions");
    expect(view.statusCode, view.body).toBe(200);
    const { atual } = view.json() as { atual: { id: number } };
    const closed = await adminSession.inject("POST", "/api/editions/close", {
      edicao_id: atual.id,
      nome: "JDJ 2026",
      levar: { onibus: true, equipe: true, configuracoes: true },
      dados: "guardar",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const res = await read(t, reg.id, reg.upload_token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      error: "Esta inscrição era da JDJ 2025, que já foi encerrada.",
      edicao_encerrada: "JDJ 2025",
    });
    expect(res.body).not.toContain("Tito");
    expect(await t.db.query("SELECT 1 FROM inscricao_acessos")).toEqual([]);
    // A code of the closed edition finds nothing in the new one.
    expect((await lookup(t, "98988887777", reg.referencia)).statusCode).toBe(404);
    // The new edition's form, never opened: "em breve", until the switch is first moved.
    const status = async () => (await t.app.inject({ method: "GET", url: "/api/form-status" })).json();
    expect(await status()).toMatchObject({ is_open: false, em_breve: true });
    await adminSession.inject("PUT", "/api/form-status", { is_open: true });
    await adminSession.inject("PUT", "/api/form-status", { is_open: false });
    expect((await status()).em_breve).toBeUndefined();
  });

  // Last: the purge also ends the panel's sessions.
  test("the purge removes the secrets with the personal data", async ({ t, register, adminSession }) => {
    // The close before left the new edition's form closed.
    await adminSession.inject("PUT", "/api/form-status", { is_open: true });
    const reg: RegistrationCreated = await register({ nome_completo: "Sara Purga" });
    await adminSession.inject("POST", `/api/registrations/${reg.id}/link`);
    const { purgePersonalData } = await import("../../src/server/maintenance/purge");
    await purgePersonalData(t.db);
    expect(await t.db.query("SELECT 1 FROM inscricao_acessos")).toEqual([]);
    expect((await read(t, reg.id, reg.upload_token)).statusCode).toBe(403);
  });
});
