import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import type { EventSettings, SettingsView } from "../../src/shared/event-settings";
import type { MessageListView } from "../../src/shared/message-lists";
import { DEFAULT_MESSAGE_TEXTS } from "../../src/shared/messages";
import { purgePersonalData } from "../../src/server/maintenance/purge";
import { NOTICE_MESSAGES, PHONES_PER_REGISTRATION, reachText } from "../../src/shared/notices";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { type AdminSession, apiTest, person } from "../support/api-fixtures";
import { advanceClock, clockNow } from "../support/clock";
import { type PushReceiver, startPushReceiver, type TestSubscription } from "../support/push-receiver";
import type { TestApp } from "../support/test-app";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let phones = 0;
/** What a phone posts when "Receber avisos neste celular" is tapped; each phone on its own address unless told. */
const subscribe = (
  t: TestApp,
  sub: TestSubscription,
  held: RegistrationCreated[],
  remoteAddress = `10.1.${Math.floor(++phones / 250)}.${phones % 250}`,
) =>
  t.app.inject({
    method: "POST",
    url: "/api/avisos",
    remoteAddress,
    payload: { ...sub.json, inscricoes: held.map((r) => ({ id: r.id, token: r.upload_token })) },
  });

async function addBus(admin: AdminSession, nome: string, lugares: number): Promise<string> {
  const res = await admin.inject("POST", "/api/buses", { nome, lugares });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { onibus: { id: string } }).onibus.id;
}

async function settings(admin: AdminSession, change: Partial<EventSettings>) {
  const view = (await admin.inject("GET", "/api/settings")).json() as SettingsView;
  const res = await admin.inject("PUT", "/api/settings", { ...view.values, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

const queued = async (t: TestApp) =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM aviso_fila"))[0].n;

describe.each(DB_KINDS)("notices on the family's phone, on %s", (kind) => {
  let receiver: PushReceiver;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    receiver = await startPushReceiver();
    env.PUSH_ENDPOINTS_EXTRA = receiver.origin;
  });
  afterAll(() => receiver?.close());
  const test = apiTest(kind, { env });

  test("a phone subscribes only for the registrations it proves, within its limits; an unknown push service is refused", async ({
    t,
    register,
  }) => {
    receiver.clear();
    const ana = await register({ nome_completo: "Ana Prova" });
    const bia = await register({ nome_completo: "Bia Irmã" });
    const phone = receiver.subscription();

    const stranger = await t.app.inject({
      method: "POST",
      url: "/api/avisos",
      payload: { ...phone.json, inscricoes: [{ id: ana.id, token: "x".repeat(43) }] },
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error).toBe(NOTICE_MESSAGES.noProof);

    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/avisos",
      payload: {
        endpoint: "https://push.intranet.example/abc",
        keys: phone.json.keys,
        inscricoes: [{ id: ana.id, token: ana.upload_token }],
      },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error).toBe(NOTICE_MESSAGES.endpointNotAllowed);

    const badKeys = await t.app.inject({
      method: "POST",
      url: "/api/avisos",
      payload: {
        ...phone.json,
        keys: { ...phone.json.keys, p256dh: `B${"A".repeat(86)}` },
        inscricoes: [{ id: ana.id, token: ana.upload_token }],
      },
    });
    expect(badKeys.statusCode).toBe(400);

    // Both siblings, one of them with a wrong secret: only the proven one is heard about.
    const mixed = await t.app.inject({
      method: "POST",
      url: "/api/avisos",
      payload: {
        ...phone.json,
        inscricoes: [
          { id: ana.id, token: ana.upload_token },
          { id: bia.id, token: "y".repeat(43) },
        ],
      },
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json()).toEqual({ inscricoes: [ana.id] });
    expect((await subscribe(t, phone, [ana, bia])).json()).toEqual({ inscricoes: [ana.id, bia.id] });

    // Another spelling of the same endpoint is the same phone; other keys on a kept endpoint are refused.
    const shouted = phone.json.endpoint.replace("/push/", "/push/../push/");
    expect((await subscribe(t, { ...phone, json: { ...phone.json, endpoint: shouted } }, [ana, bia])).statusCode).toBe(
      200,
    );
    const hijack = await subscribe(t, { ...phone, json: { ...phone.json, keys: receiver.subscription().json.keys } }, [
      ana,
    ]);
    expect(hijack.statusCode).toBe(409);
    expect(hijack.json().error).toBe(NOTICE_MESSAGES.badSubscription);
    const phonesOf = async (id: string) =>
      (
        await t.db.query<{ endpoint: string }>(
          "SELECT s.endpoint FROM aviso_inscricoes a JOIN aviso_assinaturas s ON s.id = a.assinatura_id WHERE a.inscricao_id = $1",
          [id],
        )
      ).map((r) => r.endpoint);
    expect(await phonesOf(ana.id)).toEqual([phone.json.endpoint]);

    // Five phones hear about one registration; a sixth gets in and the one quiet longest stops hearing about it.
    const others = Array.from({ length: PHONES_PER_REGISTRATION }, () => receiver.subscription());
    for (const other of others) expect((await subscribe(t, other, [ana])).statusCode).toBe(200);
    expect((await phonesOf(ana.id)).sort()).toEqual(others.map((o) => o.json.endpoint).sort());
    expect(await phonesOf(bia.id)).toEqual([phone.json.endpoint]);

    // One address adds at most 20 new phones an hour (a parish's Wi-Fi at a meeting, not a script).
    const crowd = await Promise.all(
      Array.from({ length: 21 }, () => subscribe(t, receiver.subscription(), [bia], "10.9.9.9")),
    );
    expect(crowd.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(crowd.find((r) => r.statusCode === 429)?.json().error).toBe(NOTICE_MESSAGES.tooManyFromHere);

    // Two posts of one new endpoint at once: both answered, one row.
    const twice = receiver.subscription();
    const both = await Promise.all([subscribe(t, twice, [ana]), subscribe(t, twice, [bia])]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const [{ n: rows }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM aviso_assinaturas WHERE endpoint = $1",
      [twice.json.endpoint],
    );
    expect(rows).toBe(1);

    // "Parar avisos" needs the endpoint's own secret.
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/avisos/parar",
      payload: { endpoint: twice.json.endpoint, auth: "A".repeat(22) },
    });
    expect(wrong.statusCode).toBe(204);
    const [{ n: still }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM aviso_assinaturas WHERE endpoint = $1",
      [twice.json.endpoint],
    );
    expect(still).toBe(1);
    const stop = await t.app.inject({
      method: "POST",
      url: "/api/avisos/parar",
      payload: { endpoint: twice.json.endpoint, auth: twice.json.keys.auth },
    });
    expect(stop.statusCode).toBe(204);
    const [{ n: gone }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM aviso_assinaturas WHERE endpoint = $1",
      [twice.json.endpoint],
    );
    expect(gone).toBe(0);
    expect((await t.app.inject({ url: "/api/avisos/chave" })).json().chave).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  test("a payment confirmed by Marcar Pago and in cash at the bus door: one notice each, with the person's first name and code only", async ({
    t,
    register,
    adminSession,
  }) => {
    receiver.clear();
    await addBus(adminSession, "Ônibus 1", 10);
    const ana = await register({ nome_completo: "Ana Clara Souza", saude: "Alergia a camarão" });
    const caio = await register({ nome_completo: "Caio Dinheiro", metodo_pagamento: "ESPECIE" });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [ana, caio])).statusCode).toBe(200);

    const paid = await adminSession.inject("PATCH", `/api/registrations/${ana.id}`, { status_pagamento: "confirmado" });
    expect(paid.statusCode, paid.body).toBe(200);
    const cash = await adminSession.inject("POST", "/api/boarding/cash", { inscricao_id: caio.id });
    expect(cash.statusCode, cash.body).toBe(200);
    await t.app.notices.sendDue();
    expect(receiver.problems).toEqual([]);
    const got = receiver.to(phone.id).map((r) => r.payload);
    expect(got).toEqual([
      {
        titulo: "Pagamento confirmado",
        corpo: `Ana (${ana.referencia}): a coordenação confirmou o pagamento. Vaga garantida no Ônibus 1.`,
        tag: `pagamento:${ana.id}`,
        url: "/minha-inscricao",
      },
      {
        titulo: "Pagamento confirmado",
        corpo: `Caio (${caio.referencia}): a coordenação confirmou o pagamento. Vaga garantida no Ônibus 1.`,
        tag: `pagamento:${caio.id}`,
        url: "/minha-inscricao",
      },
    ]);
    // Never the whole name, never a health note.
    expect(JSON.stringify(got)).not.toMatch(/Clara|Souza|camarão/);
    const headers = receiver.to(phone.id)[0].headers;
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    expect(headers.urgency).toBe("normal");
    // Sent once: a second pass finds nothing, and the outbox is empty.
    expect((await t.app.notices.sendDue()).enviados).toBe(0);
    expect(receiver.to(phone.id)).toHaveLength(2);
    expect(await queued(t)).toBe(0);
  });

  test("a change that rolls back queues nothing; a committed one is in the outbox of its own transaction", async ({
    t,
    register,
  }) => {
    receiver.clear();
    const minor = await register({ nome_completo: "Davi Menor", idade: 14 });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [minor])).statusCode).toBe(200);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(
          "UPDATE registrations SET autorizacao_recebida_em = now(), autorizacao_por = 'Teste' WHERE id = $1",
          [minor.id],
        );
        const [{ n }] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM aviso_fila");
        expect(n).toBe(1);
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await queued(t)).toBe(0);
    await t.app.notices.sendDue();
    expect(receiver.to(phone.id)).toEqual([]);
  });

  test("the authorisation received, a bus given and changed: each told once", async ({ t, register, adminSession }) => {
    receiver.clear();
    const minor = await register({ nome_completo: "Eva Menor", idade: 13 });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [minor])).statusCode).toBe(200);
    const marked = await adminSession.inject("PUT", `/api/registrations/${minor.id}/authorization`, { recebida: true });
    expect(marked.statusCode, marked.body).toBe(200);
    // No bus yet: a seat "anywhere"; then the bus comes, then another.
    const one = await addBus(adminSession, "Ônibus 1", 10);
    const two = await addBus(adminSession, "Ônibus 2", 10);
    const [placed] = await t.db.query<{ onibus_id: string | null }>(
      "SELECT onibus_id FROM registrations WHERE id = $1",
      [minor.id],
    );
    const from = placed.onibus_id ?? one;
    const to = from === one ? two : one;
    const moved = await adminSession.inject("PUT", `/api/registrations/${minor.id}/seat`, {
      de: { situacao: "vaga", onibus_id: from },
      para: { situacao: "vaga", onibus_id: to },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.notices.sendDue();
    const names = { [one]: "Ônibus 1", [two]: "Ônibus 2" };
    const got = receiver.to(phone.id).map((r) => `${r.payload.titulo} | ${r.payload.corpo}`);
    expect(got).toContain(
      `Autorização recebida | Eva (${minor.referencia}): a coordenação recebeu a autorização de viagem assinada.`,
    );
    expect(got).toContain(`Mudança de ônibus | Eva (${minor.referencia}): você vai no ${names[to]}.`);
    expect(got.filter((g) => g.startsWith("Autorização"))).toHaveLength(1);
  });

  test("a freed seat is offered at once, urgent, with its own deadline; the deadline is reminded the day before, once; a release is told", async ({
    t,
    register,
    adminSession,
  }) => {
    receiver.clear();
    await addBus(adminSession, "Ônibus 1", 1);
    const gil = await register({ nome_completo: "Gil Desiste" });
    const hana = await register({ nome_completo: "Hana Espera" });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [hana])).statusCode).toBe(200);
    const gaveUp = await t.app.inject({
      method: "POST",
      url: `/api/minha-inscricao/${gil.id}/desistir`,
      headers: { authorization: `Bearer ${gil.upload_token}` },
    });
    expect(gaveUp.statusCode, gaveUp.body).toBe(200);
    await t.app.notices.sendDue();
    const [offer] = receiver.to(phone.id);
    expect(offer.payload.titulo).toBe("Você ganhou uma vaga no Ônibus 1");
    expect(offer.payload.corpo).toMatch(
      new RegExp(
        `^Hana \\(${hana.referencia}\\): pague até \\d\\d/\\d\\d às \\d\\d:\\d\\d, ou a vaga passa para a próxima pessoa\\.$`,
      ),
    );
    expect(offer.headers.urgency).toBe("high");

    // The day before the deadline's day, from 09:00 in the event's zone: "vence amanhã", once.
    const [{ prazo }] = await t.db.query<{ prazo: Date }>(
      "SELECT prazo_pagamento AS prazo FROM registrations WHERE id = $1",
      [hana.id],
    );
    const eveNine = new Date(new Date(prazo).getTime());
    const localDay = eveNine.toLocaleDateString("en-CA", { timeZone: "America/Fortaleza" });
    const target = new Date(`${localDay}T10:00:00-03:00`).getTime() - DAY;
    await advanceClock(t.db, target - (await clockNow(t.db)).getTime());
    expect((await t.app.notices.queueScheduled()).lembretes).toBe(1);
    expect((await t.app.notices.queueScheduled()).lembretes).toBe(0);
    await t.app.notices.sendDue();
    const reminder = receiver.to(phone.id)[1].payload;
    expect(reminder.titulo).toBe("Seu prazo para pagar vence amanhã");
    expect(reminder.corpo).toMatch(new RegExp(`^Hana \\(${hana.referencia}\\): pague até `));

    // Past the deadline and the tolerance: the seat is released, and she is told.
    await advanceClock(t.db, 4 * DAY);
    expect(await t.app.deadlines.runOnce()).toBe(1);
    await t.app.notices.sendDue();
    const released = receiver.to(phone.id)[2].payload;
    expect(released.titulo).toBe("Sua vaga foi liberada");
    expect(released.corpo).toMatch(
      /: o pagamento não foi confirmado até \d\d\/\d\d às \d\d:\d\d, e a vaga passou para a próxima pessoa da lista de espera\. Não pague agora: fale com a coordenação\.$/,
    );
    expect(receiver.to(phone.id)).toHaveLength(3);
  });

  test("a pass that frees two seats at once tells each family on its own phone, in its own words, and no one twice", async ({
    t,
    register,
    adminSession,
  }) => {
    receiver.clear();
    // Two buses, so a bus's name carried from one row to the next would show.
    await addBus(adminSession, "Ônibus 1", 1);
    await addBus(adminSession, "Ônibus 2", 1);
    const people = [
      await register({ nome_completo: "Ana Vence" }),
      await register({ nome_completo: "Bia Vence" }),
      await register({ nome_completo: "Caio Espera" }),
      await register({ nome_completo: "Davi Espera" }),
    ];
    const phones = people.map(() => receiver.subscription());
    for (const [i, held] of people.entries()) expect((await subscribe(t, phones[i], [held])).statusCode).toBe(200);

    await advanceClock(t.db, 60 * DAY);
    // One pass, one statement for both seats: each row of it is told.
    expect(await t.app.deadlines.runOnce()).toBe(2);
    // The app's own sender, woken by the queue's NOTIFY, may send some first (on PostgreSQL it often does);
    // sendDue() runs after it, so once it ends every notice of the pass was sent and none is left.
    await t.app.notices.sendDue();
    expect(await queued(t)).toBe(0);
    const told = phones.map((p) => receiver.to(p.id).map((r) => `${r.payload.titulo} | ${r.payload.corpo}`));
    const [ana, bia, caio, davi] = people;
    const released = (who: string, r: RegistrationCreated) =>
      new RegExp(
        `^Sua vaga foi liberada \\| ${who} \\(${r.referencia}\\): o pagamento não foi confirmado até \\d\\d/\\d\\d às \\d\\d:\\d\\d, e a vaga passou`,
      );
    const seated = (who: string, r: RegistrationCreated, bus: string) =>
      new RegExp(`^Você ganhou uma vaga no ${bus} \\| ${who} \\(${r.referencia}\\): pague até \\d\\d/\\d\\d às `);
    expect(told.map((got) => got.length)).toEqual([1, 1, 1, 1]);
    expect(receiver.received).toHaveLength(4);
    expect(told[0][0]).toMatch(released("Ana", ana));
    expect(told[1][0]).toMatch(released("Bia", bia));
    expect(told[2][0]).toMatch(seated("Caio", caio, "Ônibus 1"));
    expect(told[3][0]).toMatch(seated("Davi", davi, "Ônibus 2"));
  });

  test("the eve of the trip, from noon, to everyone seated, once", async ({ t, register, adminSession }) => {
    receiver.clear();
    await addBus(adminSession, "Ônibus 1", 5);
    const ivo = await register({ nome_completo: "Ivo Viaja" });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [ivo])).statusCode).toBe(200);
    // The trip is three days from the (moved) clock's today; noon of the day before it.
    const today = (await clockNow(t.db)).toLocaleDateString("en-CA", { timeZone: "America/Fortaleza" });
    const trip = new Date(new Date(`${today}T12:00:00-03:00`).getTime() + 3 * DAY);
    const [y, m, d] = trip.toLocaleDateString("en-CA", { timeZone: "America/Fortaleza" }).split("-");
    await settings(adminSession, { data: `${d}/${m}/${y}`, horario: "05h30", local: "Matriz" });
    await t.db.query("DELETE FROM app_settings WHERE key = 'aviso_vespera'");
    expect((await t.app.notices.queueScheduled()).vespera).toBe(0);
    await advanceClock(t.db, trip.getTime() - DAY + HOUR - (await clockNow(t.db)).getTime());
    expect((await t.app.notices.queueScheduled()).vespera).toBe(1);
    expect((await t.app.notices.queueScheduled()).vespera).toBe(0);
    await t.app.notices.sendDue();
    expect(receiver.to(phone.id).map((r) => r.payload.titulo)).toEqual(["Amanhã é a caravana: saída às 05h30, Matriz"]);
    expect(receiver.to(phone.id)[0].payload.corpo).toBe(`Ivo (${ivo.referencia}): Ônibus 1. Até amanhã!`);
  });

  test("a failed post is tried again after its backoff; a 410 removes the subscription and what it had queued", async ({
    t,
    register,
    adminSession,
  }) => {
    receiver.clear();
    const jo = await register({ nome_completo: "Jô Retentativa" });
    const ka = await register({ nome_completo: "Ká Sumiu" });
    const phone = receiver.subscription();
    const lost = receiver.subscription();
    expect((await subscribe(t, phone, [jo])).statusCode).toBe(200);
    expect((await subscribe(t, lost, [ka])).statusCode).toBe(200);
    receiver.answer(phone.id, 503);
    receiver.answer(lost.id, 410);
    await adminSession.inject("PATCH", `/api/registrations/${jo.id}`, { status_pagamento: "confirmado" });
    await adminSession.inject("PATCH", `/api/registrations/${ka.id}`, { status_pagamento: "confirmado" });
    // The NOTIFY may have woken a pass already; after this one, both were tried once.
    await t.app.notices.sendDue();
    expect(receiver.received).toEqual([]);
    const waiting = await t.db.query<{ tentativas: number; ultimo_erro: string }>(
      "SELECT tentativas, ultimo_erro FROM aviso_fila",
    );
    expect(waiting).toEqual([{ tentativas: 1, ultimo_erro: "HTTP 503" }]);
    const [{ n: subs }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM aviso_assinaturas WHERE endpoint = $1",
      [lost.json.endpoint],
    );
    expect(subs).toBe(0);
    // Not before its time: 30 seconds after the first failure.
    expect((await t.app.notices.sendDue()).enviados).toBe(0);
    await advanceClock(t.db, 31_000);
    expect((await t.app.notices.sendDue()).enviados).toBe(1);
    expect(receiver.to(phone.id).map((r) => r.payload.titulo)).toEqual(["Pagamento confirmado"]);
    expect(await queued(t)).toBe(0);
  });

  test('"Mensagens" sends a list as notices to the families with notices on, and keeps WhatsApp for the rest', async ({
    t,
    register,
    adminSession,
  }) => {
    receiver.clear();
    await addBus(adminSession, "Ônibus 1", 10);
    const mae = "98911110000";
    const ana = await register({ nome_completo: "Ana Irmã Aviso", numero_responsavel: mae });
    const beto = await register({ nome_completo: "Beto Irmão Aviso", numero_responsavel: mae });
    const caio = await register({ nome_completo: "Caio Só WhatsApp", numero_responsavel: "98922220000" });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [ana, beto])).statusCode).toBe(200);

    const made = await adminSession.inject("POST", "/api/mensagens/listas", {
      grupo: "pendentes",
      texto_chave: "lembrete_pagamento",
      texto: DEFAULT_MESSAGE_TEXTS.lembrete_pagamento.texto,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: string };
    const before = (await adminSession.inject("GET", `/api/mensagens/listas/${id}`)).json() as MessageListView;
    expect(before.avisos).toEqual({ pessoas: 2, linhas: 1, whatsapp: 1 });
    expect(reachText(before.avisos.pessoas, before.avisos.whatsapp)).toBe("2 recebem aviso no celular, 1 por WhatsApp");

    const sent = await adminSession.inject("POST", `/api/mensagens/listas/${id}/avisos`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ pessoas: 2, linhas: 1 });
    await t.app.notices.sendDue();
    const [notice] = receiver.to(phone.id);
    expect(notice.payload.titulo).toBe("Lembrete de pagamento");
    // First names only on a lock screen.
    expect(notice.payload.corpo).toContain(`• Ana (código ${ana.referencia}): R$ 15,00 até `);
    expect(notice.payload.corpo).toContain(`• Beto (código ${beto.referencia}): R$ 15,00 até `);
    expect(notice.payload.corpo).not.toContain("Irmã Aviso");
    expect(notice.payload.corpo).toContain("– toque aqui para abrir a inscrição");
    // No personal link, no secret: the notice opens "Minha inscrição" on the phone that holds them.
    expect(notice.payload.corpo).not.toMatch(/https?:|minha-inscricao/);
    expect(receiver.received).toHaveLength(1);

    const after = (await adminSession.inject("GET", `/api/mensagens/listas/${id}`)).json() as MessageListView;
    expect(after.avisos).toEqual({ pessoas: 0, linhas: 0, whatsapp: 1 });
    expect(after.linhas.map((r) => [r.pessoas.map((p) => p.nome).join(" e "), r.estado, r.canal])).toEqual([
      ["Ana Irmã Aviso e Beto Irmão Aviso", "enviada", "aviso"],
      ["Caio Só WhatsApp", "aguardando", null],
    ]);
    // Tapping again sends nothing twice.
    expect((await adminSession.inject("POST", `/api/mensagens/listas/${id}/avisos`)).json()).toEqual({
      pessoas: 0,
      linhas: 0,
    });
    expect(caio.id).toBeTruthy();
  });

  test("Equipe sends its own bus's list as notices, and no one else's", async ({
    t,
    register,
    adminSession,
    equipeSession,
  }) => {
    receiver.clear();
    const bus = await addBus(adminSession, "Ônibus 1", 10);
    const assigned = await adminSession.inject("PUT", `/api/mensagens/onibus/${bus}/equipe`, {
      equipe_id: equipeSession.member.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(204);
    const dani = await register({ nome_completo: "Dani Ônibus" });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [dani])).statusCode).toBe(200);
    const texto = "Olá! Amanhã, no ônibus:\n• {nome}: {onibus}";
    const mine = await equipeSession.inject("POST", "/api/mensagens/listas", {
      grupo: "onibus",
      onibus_id: bus,
      texto_chave: "horario_saida",
      texto,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const coordination = await adminSession.inject("POST", "/api/mensagens/listas", {
      grupo: "com_vaga",
      texto_chave: "horario_saida",
      texto,
    });
    expect(coordination.statusCode).toBe(201);
    // Coordenação's own list: Equipe may work on it (as with WhatsApp); another helper's would be refused.
    const ok = await equipeSession.inject("POST", `/api/mensagens/listas/${(mine.json() as { id: string }).id}/avisos`);
    expect(ok.json()).toEqual({ pessoas: 1, linhas: 1 });
    await t.app.notices.sendDue();
    expect(receiver.to(phone.id).map((r) => r.payload.corpo)).toEqual(["Olá! Amanhã, no ônibus:\n• Dani: Ônibus 1"]);
    const [other] = await t.db.query<{ id: string }>(
      // Another helper's list (one who left the team since).
      `INSERT INTO mensagem_listas (grupo, onibus_id, texto_chave, texto_titulo, texto, rotulo, pessoas, criada_por_id,
         criada_por_nome, criada_por_papel)
       SELECT grupo, onibus_id, texto_chave, texto_titulo, texto, rotulo, pessoas, NULL, 'Outra Pessoa', 'equipe'
       FROM mensagem_listas WHERE id = $1 RETURNING id`,
      [(mine.json() as { id: string }).id],
    );
    expect((await equipeSession.inject("POST", `/api/mensagens/listas/${other.id}/avisos`)).statusCode).toBe(403);
  });

  test('"Gerar novo link" stops the notices of the phones that proved the old secret', async ({
    t,
    register,
    adminSession,
  }) => {
    receiver.clear();
    const lia = await register({ nome_completo: "Lia Link Novo" });
    const phone = receiver.subscription();
    expect((await subscribe(t, phone, [lia])).statusCode).toBe(200);
    const replaced = await adminSession.inject("POST", `/api/registrations/${lia.id}/new-link`);
    expect(replaced.statusCode).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM aviso_assinaturas");
    expect(n).toBe(0);
    await adminSession.inject("PATCH", `/api/registrations/${lia.id}`, { status_pagamento: "confirmado" });
    await t.app.notices.sendDue();
    expect(receiver.received).toEqual([]);
    // The old secret no longer subscribes.
    expect((await subscribe(t, phone, [lia])).statusCode).toBe(403);

    // A phone posting its old secret while "Gerar novo link" runs: the link is replaced, and no tie survives.
    const fresh = (await adminSession.inject("POST", `/api/registrations/${lia.id}/link`)).json() as { token: string };
    const racing = receiver.subscription();
    const held = { ...lia, upload_token: fresh.token };
    const [replacedAgain] = await Promise.all([
      adminSession.inject("POST", `/api/registrations/${lia.id}/new-link`),
      ...Array.from({ length: 6 }, () => subscribe(t, racing, [held])),
    ]);
    expect(replacedAgain.statusCode, replacedAgain.body).toBe(200);
    // Whatever order they ran in, no phone holds a tie made with the revoked secret after the replacement.
    const [{ ties }] = await t.db.query<{ ties: number }>(
      "SELECT count(*)::int AS ties FROM aviso_inscricoes WHERE inscricao_id = $1",
      [lia.id],
    );
    expect(ties).toBe(0);
    expect((await subscribe(t, racing, [held])).statusCode).toBe(403);
  });

  // Last in the block: the close starts a new edition.
  test("the purge and the edition's close delete every subscription and what was queued", async ({
    t,
    register,
    adminSession,
  }) => {
    const counts = async () =>
      (
        await t.db.query<{ a: number; f: number }>(
          "SELECT (SELECT count(*) FROM aviso_assinaturas)::int AS a, (SELECT count(*) FROM aviso_fila)::int AS f",
        )
      )[0];
    const queueOne = async (name: string) => {
      const reg = await register({ nome_completo: name });
      expect((await subscribe(t, receiver.subscription(), [reg])).statusCode).toBe(200);
      await t.db.query(
        "UPDATE registrations SET autorizacao_recebida_em = now(), autorizacao_por = 'x' WHERE id = $1",
        [reg.id],
      );
      expect(await counts()).toMatchObject({ a: 1 });
    };

    await queueOne("Nia Encerramento");
    const { atual } = (await adminSession.inject("GET", "/api/editions")).json() as { atual: { id: number } };
    const closed = await adminSession.inject("POST", "/api/editions/close", {
      edicao_id: atual.id,
      nome: "JDJ 2026",
      levar: { onibus: true, equipe: true, configuracoes: true },
      dados: "guardar",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await counts()).toEqual({ a: 0, f: 0 });

    expect((await adminSession.inject("PUT", "/api/form-status", { is_open: true })).statusCode).toBe(200);
    await queueOne("Mia Purga");
    await purgePersonalData(t.db);
    expect(await counts()).toEqual({ a: 0, f: 0 });
  });
});

describe("two instances on one PostgreSQL send each notice once", () => {
  let a: TestApp;
  let b: TestApp;
  let receiver: PushReceiver;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    receiver = await startPushReceiver();
    const fresh = await freshDatabaseEnv("postgres");
    cleanup = fresh.cleanup;
    const env = { ...fresh.env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, PUSH_ENDPOINTS_EXTRA: receiver.origin };
    a = await startAdminTestApp("postgres", { env });
    b = await startAdminTestApp("postgres", { env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cleanup?.();
    await receiver?.close();
  });

  it("with one key pair between them, and 60 payments sent 60 times", { timeout: 60_000 }, async () => {
    expect(await a.app.notices.publicKey()).toBe(await b.app.notices.publicKey());
    const cookie = await adminCookie(a.app);
    const phones: TestSubscription[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await a.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: person({ nome_completo: `Dupla Instância ${i}` }),
      });
      const reg = res.json() as RegistrationCreated;
      const phone = receiver.subscription();
      phones.push(phone);
      ids.push(reg.id);
      expect((await subscribe(a, phone, [reg], `10.2.${i}.1`)).statusCode).toBe(200);
    }
    await Promise.all(
      ids.map((id, i) =>
        (i % 2 ? a : b).app.inject({
          method: "PATCH",
          url: `/api/registrations/${id}`,
          headers: { cookie },
          payload: { status_pagamento: "confirmado" },
        }),
      ),
    );
    const [x, y] = await Promise.all([a.app.notices.sendDue(), b.app.notices.sendDue()]);
    await Promise.all([a.app.notices.sendDue(), b.app.notices.sendDue()]);
    expect(receiver.received).toHaveLength(60);
    expect(new Set(receiver.received.map((r) => r.subscription)).size).toBe(60);
    expect(x.enviados + y.enviados).toBeLessThanOrEqual(60);
    expect(receiver.problems).toEqual([]);
  });
});

describe.each(DB_KINDS)("a notice queued before a restart, on %s", (kind) => {
  it("is sent by the next start", { timeout: 60_000 }, async () => {
    const receiver = await startPushReceiver();
    const fresh = await freshDatabaseEnv(kind);
    const env = { ...fresh.env, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, PUSH_ENDPOINTS_EXTRA: receiver.origin };
    try {
      const before = await startAdminTestApp(kind, { env });
      const reg = (
        await before.app.inject({
          method: "POST",
          url: "/api/registrations",
          payload: person({ nome_completo: "Nina Reinício" }),
        })
      ).json() as RegistrationCreated;
      const phone = receiver.subscription();
      expect((await subscribe(before, phone, [reg])).statusCode).toBe(200);
      // The push service is down when the payment lands; the server stops before the next try.
      receiver.answer(phone.id, 503);
      const cookie = await adminCookie(before.app);
      await before.app.inject({
        method: "PATCH",
        url: `/api/registrations/${reg.id}`,
        headers: { cookie },
        payload: { status_pagamento: "confirmado" },
      });
      await before.app.notices.sendDue();
      expect(receiver.received).toEqual([]);
      await advanceClock(before.db, 60_000);
      await before.close();
      const later = await startAdminTestApp(kind, { env });
      try {
        await later.app.notices.sendDue();
        expect(receiver.to(phone.id).map((r) => r.payload.titulo)).toEqual(["Pagamento confirmado"]);
      } finally {
        await later.close();
      }
    } finally {
      await fresh.cleanup();
      await receiver.close();
    }
  });
});
