import { describe, expect } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import type { MessageListView, MessagePreview, MessagesHome } from "../../src/shared/message-lists";
import { MESSAGE_MESSAGES } from "../../src/shared/messages";
import { LINKS_PER_REGISTRATION_PER_HOUR } from "../../src/server/my-registration/access-repository";
import type { MyRegistration } from "../../src/shared/my-registration";
import { type AdminSession, apiTest } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";
import { advanceClock } from "../support/clock";

const FAMILY = "98911110001";
const REMINDER = "Olá! {evento}\n{nome} ({codigo}): {valor} em {link}\nObrigado!";
const BUS_TEXT = "Olá! {nome}: {onibus}, saída {horario} em {local}.";

async function addBus(admin: AdminSession, nome: string, lugares: number): Promise<string> {
  const res = await admin.inject("POST", "/api/buses", { nome, lugares });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { onibus: { id: string } }).onibus.id;
}

const pay = async (admin: AdminSession, id: string) => {
  const res = await admin.inject("PATCH", `/api/registrations/${id}`, { status_pagamento: "confirmado" });
  expect(res.statusCode, res.body).toBe(200);
};

const newList = (admin: AdminSession, body: object) =>
  admin.inject("POST", "/api/mensagens/listas", { texto_chave: "lembrete_pagamento", texto: REMINDER, ...body });

async function makeList(admin: AdminSession, body: object): Promise<MessageListView> {
  const res = await newList(admin, body);
  expect(res.statusCode, res.body).toBe(201);
  const list = await admin.inject("GET", `/api/mensagens/listas/${(res.json() as { id: string }).id}`);
  expect(list.statusCode, list.body).toBe(200);
  return list.json() as MessageListView;
}

/** "Abrir WhatsApp" as the phone's browser follows it: a link from the page itself. */
const tap = (admin: AdminSession, rowId: string) =>
  admin.raw({
    method: "GET",
    url: `/api/mensagens/linhas/${rowId}/whatsapp`,
    headers: { "sec-fetch-site": "same-origin" },
  });

const decoded = (location: string) => decodeURIComponent(new URL(location).searchParams.get("text") ?? "");

describe.each(DB_KINDS)("Mensagens on %s", (kind) => {
  const test = apiTest(kind, { equipeName: "Beto Equipe" });

  /** Bus of 4: Ana and Bruno (siblings, one phone), Carla (paid), Fábio (asked for no messages); Davi waits. */
  async function caravan(t: TestApp, admin: AdminSession, register: (d?: object) => Promise<RegistrationCreated>) {
    const bus = await addBus(admin, "Ônibus 1", 4);
    const ana = await register({ nome_completo: "Ana Irmã", numero_responsavel: FAMILY });
    const bruno = await register({ nome_completo: "Bruno Irmão", numero_responsavel: FAMILY });
    const carla = await register({ nome_completo: "Carla Paga", numero_responsavel: "98911110002" });
    const fabio = await register({ nome_completo: "Fábio Quieto", numero_responsavel: "98911110005" });
    const davi = await register({ nome_completo: "Davi Espera", numero_responsavel: "98911110003" });
    await pay(admin, carla.id);
    const optOut = await t.app.inject({
      method: "PUT",
      url: `/api/minha-inscricao/${fabio.id}/mensagens`,
      headers: { authorization: `Bearer ${fabio.upload_token}` },
      payload: { receber: false },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    expect((optOut.json() as MyRegistration).recebe_mensagens).toBe(false);
    return { bus, ana, bruno, carla, fabio, davi };
  }

  test("each group counts its people: the waiting list is not a pending payer, and who opted out is left out", async ({
    t,
    adminSession,
    register,
  }) => {
    const { bus } = await caravan(t, adminSession, register);
    const home = (await adminSession.inject("GET", "/api/mensagens")).json() as MessagesHome;
    const count = (grupo: string) => home.grupos.find((g) => g.grupo === grupo);
    expect(count("pendentes")).toMatchObject({ rotulo: "Pagamento pendente", pessoas: 2, sem_mensagens: 1 });
    expect(count("espera")).toMatchObject({ pessoas: 1, sem_mensagens: 0 });
    expect(count("com_vaga")).toMatchObject({ pessoas: 3, sem_mensagens: 1 });
    expect(count("onibus")).toMatchObject({ onibus_id: bus, rotulo: "Ônibus 1", pessoas: 3 });
    expect(home.textos.map((x) => x.titulo)).toEqual([
      "Lembrete de pagamento",
      "Horário de saída",
      "Autorização pendente",
      "Vaga liberada",
      "Link da inscrição",
      "Lembrete de prazo",
    ]);
    // Nobody's deadline is within two days yet.
    expect(count("prazo_vencendo")).toMatchObject({ rotulo: "Prazo vencendo", pessoas: 0 });

    const preview = await adminSession.inject("POST", "/api/mensagens/previa", {
      grupo: "pendentes",
      texto_chave: "lembrete_pagamento",
      texto: REMINDER,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as MessagePreview;
    expect(p).toMatchObject({ pessoas: 2, linhas: 1, sem_mensagens: 1, invalidos: 0, cortar: 0 });
    expect(p.exemplo).toContain("Ana Irmã");
    expect(p.exemplo).toContain("Bruno Irmão");
    expect(p.exemplo).not.toContain("Davi");

    // Six days on, the seats that owe are within two days of their deadline: the group and its reminder follow.
    await advanceClock(t.db, 6 * 86_400_000);
    const later = (await adminSession.inject("GET", "/api/mensagens")).json() as MessagesHome;
    expect(later.grupos.find((g) => g.grupo === "prazo_vencendo")).toMatchObject({ pessoas: 2, sem_mensagens: 1 });
    const reminder = later.textos.find((x) => x.titulo === "Lembrete de prazo");
    const due = await adminSession.inject("POST", "/api/mensagens/previa", {
      grupo: "prazo_vencendo",
      texto_chave: "lembrete_prazo",
      texto: reminder?.texto,
    });
    expect(due.statusCode, due.body).toBe(200);
    const [{ prazo }] = await t.db.query<{ prazo: string }>(
      `SELECT to_char(prazo_pagamento AT TIME ZONE 'America/Fortaleza', 'DD/MM "às" HH24:MI') AS prazo
       FROM registrations WHERE nome_completo = 'Ana Irmã'`,
    );
    expect((due.json() as MessagePreview).exemplo).toMatch(
      new RegExp(`Ana Irmã \\(código JDJ\\w{4}\\): R\\$ 15,00 até ${prazo} – `),
    );
  });

  test("one row per phone: the siblings' message names both, with codes, amounts and working personal links", async ({
    t,
    adminSession,
    register,
  }) => {
    const { ana, bruno } = await caravan(t, adminSession, register);
    const list = await makeList(adminSession, { grupo: "pendentes" });
    expect(list).toMatchObject({ rotulo: "Pagamento pendente", enviadas: 0, total: 1, sem_mensagens: 1 });
    expect(list.linhas).toHaveLength(1);
    const [row] = list.linhas;
    expect(row).toMatchObject({ telefone: FAMILY, estado: "aguardando" });
    expect(row.pessoas.map((x) => x.codigo)).toEqual([ana.referencia, bruno.referencia]);

    // A link preview's HEAD sends nothing.
    const head = await adminSession.raw({ method: "HEAD", url: `/api/mensagens/linhas/${row.id}/whatsapp` });
    expect(head.statusCode).toBe(204);
    const res = await tap(adminSession, row.id);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^https://wa\\.me/55${FAMILY}\\?text=`));
    const text = decoded(res.headers.location as string);
    expect(text).toContain(
      `Ana Irmã (${ana.referencia}): R$ 15,00 em ${t.config.publicUrl}/minha-inscricao#${ana.id}.`,
    );
    expect(text).toContain(`Bruno Irmão (${bruno.referencia}): R$ 15,00`);
    expect(text.startsWith("Olá! JDJ 2025\n")).toBe(true);
    // Each link opens its registration's page from any phone.
    const links = [...text.matchAll(/#([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})/g)];
    expect(links.map((m) => m[1])).toEqual([ana.id, bruno.id]);
    for (const m of links) {
      const page = await t.app.inject({
        method: "GET",
        url: `/api/minha-inscricao/${m[1]}`,
        headers: { authorization: `Bearer ${m[2]}` },
      });
      expect(page.statusCode, page.body).toBe(200);
    }

    const after = (await adminSession.inject("GET", `/api/mensagens/listas/${list.id}`)).json() as MessageListView;
    expect(after).toMatchObject({ enviadas: 1, total: 1 });
    expect(after.linhas[0]).toMatchObject({ estado: "enviada", enviada_por: adminSession.member.nome });
    // The same row again: never a second message, back to the list with a notice.
    const again = await tap(adminSession, row.id);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/admin/mensagens?lista=${list.id}&aviso=enviada`);
    // A tap that a browser says came from another site changes nothing.
    const cross = await adminSession.raw({
      method: "GET",
      url: `/api/mensagens/linhas/${row.id}/whatsapp`,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(cross.statusCode).toBe(403);
    // Nor does a page's fetch() of that URL, or a prefetch: only a tap on the link.
    for (const headers of [
      { "sec-fetch-mode": "cors" },
      { "sec-purpose": "prefetch" },
      { purpose: "prefetch" },
      { "x-moz": "prefetch" },
    ] as Record<string, string>[]) {
      const res = await adminSession.raw({ method: "GET", url: `/api/mensagens/linhas/${row.id}/whatsapp`, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  test("siblings whose message would not fit one wa.me link get one message each, to the same phone", async ({
    t,
    adminSession,
    register,
  }) => {
    const { ana, bruno } = await caravan(t, adminSession, register);
    const list = await makeList(adminSession, { grupo: "pendentes", texto: `{nome}: ${"a".repeat(1100)}` });
    expect(list.linhas.map((r) => [r.telefone, r.pessoas.map((p) => p.codigo)])).toEqual([
      [FAMILY, [ana.referencia]],
      [FAMILY, [bruno.referencia]],
    ]);
  });

  test("someone who paid since the list was made is dropped when the row is opened, and the row says why", async ({
    adminSession,
    t,
    register,
  }) => {
    const { ana, bruno } = await caravan(t, adminSession, register);
    const list = await makeList(adminSession, { grupo: "pendentes" });
    await pay(adminSession, ana.id);
    const copied = await adminSession.inject("POST", `/api/mensagens/linhas/${list.linhas[0].id}/texto`);
    expect(copied.statusCode, copied.body).toBe(200);
    const { texto } = copied.json() as { texto: string };
    expect(texto).toContain(bruno.referencia);
    expect(texto).not.toContain("Ana");
    let view = (await adminSession.inject("GET", `/api/mensagens/listas/${list.id}`)).json() as MessageListView;
    expect(view.linhas[0]).toMatchObject({ com_voce: true, motivo: "Fora desta mensagem: Ana Irmã já pagou." });
    const marked = await adminSession.inject("POST", `/api/mensagens/linhas/${list.linhas[0].id}/enviada`);
    expect(marked.statusCode, marked.body).toBe(200);

    // Everyone on a row paid: the row is dropped, nothing is sent.
    const onlyBruno = await makeList(adminSession, { grupo: "pendentes" });
    expect(onlyBruno.linhas[0].pessoas.map((x) => x.nome)).toEqual(["Bruno Irmão"]);
    await pay(adminSession, bruno.id);
    const res = await tap(adminSession, onlyBruno.linhas[0].id);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/admin/mensagens?lista=${onlyBruno.id}&aviso=descartada`);
    view = (await adminSession.inject("GET", `/api/mensagens/listas/${onlyBruno.id}`)).json() as MessageListView;
    expect(view.linhas[0]).toMatchObject({ estado: "descartada", motivo: "Não enviada: Bruno Irmão já pagou." });
    expect(view).toMatchObject({ enviadas: 0, total: 0 });

    // A number corrected since the list was made gets nothing: not the text, not the links.
    const carlaList = await makeList(adminSession, { grupo: "com_vaga" });
    const carlaRow = carlaList.linhas.find((r) => r.telefone === "98911110002")!;
    const [carla] = await t.db.query<{ id: string }>("SELECT id FROM registrations WHERE nome_completo = 'Carla Paga'");
    const moved = await adminSession.inject("PATCH", `/api/registrations/${carla.id}`, {
      nome_completo: "Carla Paga",
      idade: 20,
      numero_responsavel: "98911110099",
      metodo_pagamento: "PIX",
      status_pagamento: "confirmado",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await tap(adminSession, carlaRow.id)).headers.location).toContain("aviso=descartada");
    const [gone] = await t.db.query<{ motivo: string }>("SELECT motivo FROM mensagem_linhas WHERE id = $1", [
      carlaRow.id,
    ]);
    expect(gone.motivo).toBe("Não enviada: o número de Carla Paga mudou.");
  });

  test("two helpers never get the same row", async ({ t, adminSession, equipeSession, register }) => {
    await caravan(t, adminSession, register);
    const list = await makeList(adminSession, { grupo: "com_vaga" });
    expect(list.linhas.map((r) => r.telefone)).toEqual([FAMILY, "98911110002"]);
    const [first, second] = list.linhas;
    // "Copiar texto" holds a row for whoever took it.
    expect((await equipeSession.inject("POST", `/api/mensagens/linhas/${first.id}/texto`)).statusCode).toBe(200);
    const taken = await adminSession.inject("POST", `/api/mensagens/linhas/${first.id}/texto`);
    expect(taken.json()).toEqual({ lista_id: list.id, recusa: "com_outro" });
    expect((await tap(adminSession, first.id)).headers.location).toContain("aviso=com_outro");
    const seen = (await adminSession.inject("GET", `/api/mensagens/listas/${list.id}`)).json() as MessageListView;
    expect(seen.linhas[0]).toMatchObject({ com: "Beto Equipe", com_voce: false, estado: "aguardando" });
    // Two taps on one row at the same moment: one message.
    const both = await Promise.all([tap(adminSession, second.id), tap(equipeSession, second.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([302, 303]);
    const sent = await t.db.query<{ enviada_por_nome: string }>(
      "SELECT enviada_por_nome FROM mensagem_linhas WHERE id = $1 AND estado = 'enviada'",
      [second.id],
    );
    expect(sent).toHaveLength(1);
  });

  test("Equipe works through Coordenação's lists and sends to its own bus only; texts are Coordenação's", async ({
    t,
    adminSession,
    equipeSession,
    register,
  }) => {
    const { bus } = await caravan(t, adminSession, register);
    // Coordenação's list is everyone's to work through.
    const coordination = await makeList(adminSession, { grupo: "espera" });
    const other = await addBus(adminSession, "Ônibus 2", 2);
    expect((await newList(equipeSession, { grupo: "pendentes", texto: BUS_TEXT })).statusCode).toBe(403);
    const notYet = await newList(equipeSession, { grupo: "onibus", onibus_id: bus, texto: BUS_TEXT });
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json()).toEqual({ error: "A Equipe envia mensagens só para o ônibus de que cuida." });
    expect(
      (await adminSession.inject("PUT", `/api/mensagens/onibus/${bus}/equipe`, { equipe_id: equipeSession.member.id }))
        .statusCode,
    ).toBe(204);
    const home = (await equipeSession.inject("GET", "/api/mensagens")).json() as MessagesHome;
    expect(home.grupos.map((g) => g.rotulo)).toEqual(["Ônibus 1"]);
    expect(home.pode_editar_textos).toBe(false);
    // A personal link opens the family's health notes, which Equipe does not see: no {link} in what Equipe starts.
    for (const url of ["/api/mensagens/listas", "/api/mensagens/previa"]) {
      const withLink = await equipeSession.inject("POST", url, {
        grupo: "onibus",
        onibus_id: bus,
        texto_chave: "horario_saida",
        texto: "{nome}: {link}",
      });
      expect(withLink.statusCode, url).toBe(403);
      expect(withLink.json()).toEqual({ error: MESSAGE_MESSAGES.linkNotForEquipe });
    }
    const own = await newList(equipeSession, { grupo: "onibus", onibus_id: bus, texto: BUS_TEXT });
    expect(own.statusCode, own.body).toBe(201);
    expect((await newList(equipeSession, { grupo: "onibus", onibus_id: other, texto: BUS_TEXT })).statusCode).toBe(403);
    // Its rows give out no secret.
    const ownList = (
      await equipeSession.inject("GET", `/api/mensagens/listas/${own.json().id}`)
    ).json() as MessageListView;
    const before = await t.db.query("SELECT 1 FROM inscricao_acessos");
    expect((await equipeSession.inject("POST", `/api/mensagens/linhas/${ownList.linhas[0].id}/texto`)).statusCode).toBe(
      200,
    );
    expect(await t.db.query("SELECT 1 FROM inscricao_acessos")).toHaveLength(before.length);
    expect(
      (await equipeSession.inject("PUT", "/api/mensagens/textos/lembrete_pagamento", { texto: "Oi {nome}" }))
        .statusCode,
    ).toBe(403);
    expect((await equipeSession.inject("GET", `/api/mensagens/listas/${coordination.id}`)).statusCode).toBe(200);
    // Davi was seated by Ônibus 2 meanwhile: the row is dropped, and says so.
    expect((await tap(equipeSession, coordination.linhas[0].id)).headers.location).toContain("aviso=descartada");
    const [row] = await t.db.query<{ motivo: string }>("SELECT motivo FROM mensagem_linhas WHERE id = $1", [
      coordination.linhas[0].id,
    ]);
    expect(row.motivo).toBe("Não enviada: Davi Espera já tem vaga.");
  });

  test("a held row keeps its links: copied again, or opened in WhatsApp after, it gives the same ones; links stop at a cap an hour", async ({
    t,
    adminSession,
    register,
  }) => {
    const { ana } = await caravan(t, adminSession, register);
    const list = await makeList(adminSession, { grupo: "pendentes" });
    const row = list.linhas[0];
    const secrets = async () =>
      (
        await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM inscricao_acessos WHERE inscricao_id = $1", [
          ana.id,
        ])
      )[0].n;
    const copies = [];
    for (let i = 0; i < 25; i++)
      copies.push((await adminSession.inject("POST", `/api/mensagens/linhas/${row.id}/texto`)).json().texto);
    expect(new Set(copies).size).toBe(1);
    expect(await secrets()).toBe(1);
    const opened = await tap(adminSession, row.id);
    expect(decoded(opened.headers.location as string)).toBe(copies[0]);
    expect(await secrets()).toBe(1);

    // "Enviar link" and other lists add links; past the cap in an hour, no more are made.
    for (let i = 1; i < LINKS_PER_REGISTRATION_PER_HOUR; i++)
      expect((await adminSession.inject("POST", `/api/registrations/${ana.id}/link`)).statusCode).toBe(200);
    const capped = await adminSession.inject("POST", `/api/registrations/${ana.id}/link`);
    expect(capped.statusCode).toBe(429);
    expect(await secrets()).toBe(LINKS_PER_REGISTRATION_PER_HOUR);
  });

  test("the log records who made which list, for which group and how many, never a name or a number", async ({
    t,
    adminSession,
    register,
  }) => {
    await caravan(t, adminSession, register);
    await makeList(adminSession, { grupo: "pendentes" });
    const [entry] = await t.db.query<{ ator_nome: string; resumo: string; depois: object }>(
      "SELECT ator_nome, resumo, depois FROM activity_log WHERE tipo = 'mensagem.lista' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({
      ator_nome: adminSession.member.nome,
      resumo:
        'Lista de mensagens "Lembrete de pagamento" para Pagamento pendente: 2 pessoas (1 sem mensagens, a pedido)',
      depois: { grupo: "pendentes", texto: "lembrete_pagamento", pessoas: 2, sem_mensagens: 1 },
    });
    const [choice] = await t.db.query<{ ator_nome: string; resumo: string }>(
      "SELECT ator_nome, resumo FROM activity_log WHERE tipo = 'mensagem.preferencia' ORDER BY id DESC LIMIT 1",
    );
    expect(choice).toEqual({ ator_nome: "participante", resumo: "Fábio Quieto: não quer receber mensagens" });
  });

  test("bad input changes nothing and says why in Portuguese", async ({ t, adminSession, register }) => {
    await register({ nome_completo: "Gil Fixo", numero_responsavel: "9832221111" });
    await register({ nome_completo: "Hugo Celular", numero_responsavel: "98911110009" });
    const lists = async () => (await t.db.query("SELECT 1 FROM mensagem_listas")).length;
    const before = await lists();

    const empty = await newList(adminSession, { grupo: "espera" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: "Ninguém neste grupo recebe esta mensagem agora." });

    const unknown = await newList(adminSession, { grupo: "com_vaga", texto: "Oi {nome}, {cidade} {xyz}" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^Campos desconhecidos: \{cidade\}, \{xyz\}\. Use só: \{nome\}/);

    const long = await newList(adminSession, { grupo: "com_vaga", texto: `{nome} ${"ação ".repeat(290)}` });
    expect(long.statusCode).toBe(422);
    expect(long.json().error).toMatch(
      /^A mensagem ficou longa demais para abrir no WhatsApp: corte cerca de \d+ caracteres\.$/,
    );
    expect(await lists()).toBe(before);

    // A landline is listed apart, with its reason, and never opened.
    const list = await makeList(adminSession, { grupo: "com_vaga" });
    const fixo = list.linhas.find((r) => r.telefone === "9832221111")!;
    expect(fixo).toMatchObject({ estado: "invalida", motivo: "Número fixo ou sem o 9 do celular" });
    expect(list.total).toBe(1);
    expect((await tap(adminSession, fixo.id)).headers.location).toContain("aviso=invalida");
  });

  test("the edition's close removes the lists", async ({ t, adminSession, register }) => {
    await caravan(t, adminSession, register);
    await makeList(adminSession, { grupo: "pendentes" });
    const view = await adminSession.inject("GET", "/api/editions");
    const { atual } = view.json() as { atual: { id: number } };
    const closed = await adminSession.inject("POST", "/api/editions/close", {
      edicao_id: atual.id,
      nome: "JDJ 2026",
      levar: { onibus: false, equipe: true, configuracoes: true },
      dados: "guardar",
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await t.db.query("SELECT 1 FROM mensagem_listas")).toEqual([]);
    expect(await t.db.query("SELECT 1 FROM mensagem_linhas")).toEqual([]);
    await adminSession.inject("PUT", "/api/form-status", { is_open: true });
  });

  // Last: the purge also ends the panel's sessions.
  test("the purge removes the lists with the personal data", async ({ t, adminSession, register }) => {
    await register({ nome_completo: "Ivo Purga", numero_responsavel: "98911110010" });
    await makeList(adminSession, { grupo: "com_vaga" });
    const { purgePersonalData } = await import("../../src/server/maintenance/purge");
    await purgePersonalData(t.db);
    expect(await t.db.query("SELECT 1 FROM mensagem_listas")).toEqual([]);
  });
});
