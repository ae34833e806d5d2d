import { existsSync } from "node:fs";
import { describe, expect } from "vitest";
import type { PublicEventConfig, Registration } from "../../src/shared/api-types";
import type {
  ArchivedRegistration,
  CloseEditionInput,
  CloseEditionResult,
  EditionOpenItems,
  EditionsView,
} from "../../src/shared/editions";
import type { Accounts, CashView } from "../../src/shared/finance-views";
import type { SeatOverview } from "../../src/shared/seats";
import type { SettingsView } from "../../src/shared/event-settings";
import type { ActivityPage } from "../../src/shared/activity";
import { type AdminSession, apiTest, person } from "../support/api-fixtures";
import { multipartBody } from "../support/multipart";
import { openStream } from "../support/sse";
import { importOk, ofx, todayInFortaleza } from "../support/statements";
import { DB_KINDS, useFreshDatabase } from "../support/test-database";
import type { Database, Queryable } from "../../src/server/db/database";
import { restoreFrom } from "../../src/server/maintenance/restore";
import { migrate } from "../../src/server/db/migrate";
import { purgeKeptLists } from "../../src/server/editions/edition-purge";
import { purgePersonalData } from "../../src/server/maintenance/purge";

const editions = async (s: AdminSession) => (await s.inject("GET", "/api/editions")).json() as EditionsView;

/** Closes the edition on screen, as the dialog sends it; each test names its own next edition. */
async function close(s: AdminSession, body: Partial<CloseEditionInput> & { nome: string }) {
  const { atual } = await editions(s);
  return s.inject("POST", "/api/editions/close", {
    edicao_id: atual.id,
    levar: { onibus: true, equipe: true, configuracoes: true },
    dados: "guardar",
    ...body,
  });
}

const openForm = (s: AdminSession) => s.inject("PUT", "/api/form-status", { is_open: true });
const list = async (s: AdminSession) =>
  ((await s.inject("GET", "/api/registrations?pageSize=100")).json() as { items: Registration[]; total: number }).items;

describe.each(DB_KINDS)("editions on %s", (kind) => {
  const test = apiTest(kind, { equipeName: "Lia Equipe", listen: true });
  const today = todayInFortaleza();

  test("a full close keeps JDJ 2025's totals (the sums of its rows), empties the edition and carries over buses, team and settings", async ({
    t,
    register,
    adminSession,
    equipeSession,
  }) => {
    await openForm(adminSession);
    const bus = await adminSession.inject("POST", "/api/buses", {
      nome: "Ônibus Azul",
      lugares: 3,
      responsavel_nome: "Rita Líder",
      responsavel_telefone: "98977776666",
    });
    expect(bus.statusCode, bus.body).toBe(201);
    const settings = (await adminSession.inject("GET", "/api/settings")).json() as SettingsView;
    const saved = await adminSession.inject("PUT", "/api/settings", {
      ...settings.values,
      titulo: "JDJ 2025",
      local: "Paróquia São José",
      preco_centavos: "20,00",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // In order: three seats, then two in the waiting list (until Caio gives up).
    const r = [];
    for (const p of [
      { nome_completo: "Ana Antiga", idade: 14 },
      { nome_completo: "Beto Antigo", metodo_pagamento: "ESPECIE" as const },
      { nome_completo: "Caio Antigo", idade: 30 },
      { nome_completo: "Dani Antiga", idade: 17 },
      { nome_completo: "Edu Antigo" },
    ])
      r.push(await register(p));
    await importOk(adminSession, ofx([{ data: today, valor: "20.00", memo: `PIX ${r[0].referencia}` }]));
    const atDoor = await equipeSession.inject("POST", "/api/boarding/cash", { inscricao_id: r[1].id });
    expect(atDoor.statusCode, atDoor.body).toBe(200);
    const paid = await adminSession.inject("PATCH", `/api/registrations/${r[2].id}`, {
      status_pagamento: "confirmado",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.db.query("UPDATE registrations SET situacao = 'desistente' WHERE id = $1", [r[2].id]);
    const { payload, headers } = multipartBody([
      { name: "descricao", data: "Lanche" },
      { name: "valor_centavos", data: "700" },
      { name: "data", data: today },
      { name: "categoria", data: "alimentacao" },
    ]);
    expect(
      (await adminSession.raw({ method: "POST", url: "/api/finance/expenses", payload, headers })).statusCode,
    ).toBe(201);

    // The sums, from last year's rows as the panel lists them.
    const rows = await list(adminSession);
    const accounts = (await adminSession.inject("GET", "/api/finance/accounts")).json() as Accounts;
    const seated = rows.filter((x) => x.situacao === "vaga");
    const sum = (xs: { valor_centavos: number }[]) => xs.reduce((s, x) => s + x.valor_centavos, 0);
    const received = accounts.recebido.linhas;
    const before = await editions(adminSession);

    // What the close's dialog lists as still open, before the confirmation.
    const open = (await adminSession.inject("GET", "/api/editions/open-items")).json() as EditionOpenItems;
    expect(open).toEqual({
      pendentes: seated.filter((x) => x.status_pagamento === "pendente").length,
      espera: rows.filter((x) => x.situacao === "espera").length,
      pagos_sem_vaga: 0,
      pagos_sem_vaga_centavos: 0,
      linhas: 0,
      linhas_centavos: 0,
      reembolsos: 1,
      reembolsos_centavos: 2000,
      em_maos: [{ nome: "Lia Equipe", centavos: 2000 }],
    });
    expect(open.pendentes).toBeGreaterThan(0);
    expect((await equipeSession.inject("GET", "/api/editions/open-items")).statusCode).toBe(403);

    const stream = await openStream(`${t.baseUrl}/api/events`, adminSession.cookie);
    const res = await close(adminSession, {
      nome: "JDJ 2026",
      data: "22 de agosto de 2026",
      edicao_numero: 3,
      ano: 2026,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The emptied tables announced no row: open panels are told to fetch again.
    await stream.until((events) => events.some((e) => e.event === "resync"));
    await stream.close();
    const done = res.json() as CloseEditionResult;
    expect(existsSync(done.backup)).toBe(true);
    expect(done.encerrada).toMatchObject({
      id: before.atual.id,
      nome: "JDJ 2025",
      encerrada_por: adminSession.member.nome,
    });
    const totals = done.encerrada.totais;
    expect(totals.inscricoes).toEqual({
      vaga: seated.length,
      espera: rows.filter((x) => x.situacao === "espera").length,
      desistente: rows.filter((x) => x.situacao === "desistente").length,
      vencida: 0,
      acompanhantes: 0,
    });
    expect(totals.recebido).toEqual({
      total: sum(received),
      pix: sum(received.filter((x) => x.metodo === "PIX")),
      especie: sum(received.filter((x) => x.metodo === "Espécie")),
    });
    expect(totals.recebido.total).toBe(6000);
    expect(totals.despesas).toBe(700);
    expect(totals.saldo).toBe(sum(received) - sum(accounts.reembolsos.linhas) - 700);
    expect(totals.reembolsos).toBe(sum(accounts.reembolsos.linhas));
    expect(totals.por_onibus).toEqual([
      { nome: "Ônibus Azul", lugares: 3, pessoas: seated.filter((x) => x.onibus_nome === "Ônibus Azul").length },
    ]);
    const inAge = (min: number, max: number) => seated.filter((x) => x.idade >= min && x.idade <= max).length;
    expect(totals.por_idade).toEqual([
      { faixa: "4 a 11 anos", pessoas: inAge(4, 11) },
      { faixa: "12 a 15 anos", pessoas: inAge(12, 15) },
      { faixa: "16 e 17 anos", pessoas: inAge(16, 17) },
      { faixa: "18 a 24 anos", pessoas: inAge(18, 24) },
      { faixa: "25 anos ou mais", pessoas: inAge(25, 200) },
    ]);
    expect(JSON.stringify(totals)).not.toMatch(/Antig/);

    // The new edition: empty, closed form, same buses, team and settings, the new name and date.
    expect(done.atual).toMatchObject({ nome: "JDJ 2026", inscricoes: 0 });
    expect(await list(adminSession)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/form-status" })).json()).toMatchObject({ is_open: false });
    const config = (await t.app.inject({ method: "GET", url: "/api/config" })).json() as PublicEventConfig;
    expect(config).toMatchObject({
      eventTitle: "JDJ 2026",
      editionNumber: 3,
      year: 2026,
      groupName: "Juventude Católica VG",
    });
    expect(config.theme).toBe("Jovens peregrinos da Esperança");
    // The page's description names the new edition too.
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.body).toContain("JDJ 2026, 3ª edição: Jovens peregrinos da Esperança.");
    const now = (await adminSession.inject("GET", "/api/settings")).json() as SettingsView;
    expect(now.values).toMatchObject({
      data: "22 de agosto de 2026",
      local: "Paróquia São José",
      preco_centavos: 2000,
    });
    const seats = (await adminSession.inject("GET", "/api/buses")).json() as SeatOverview;
    expect(
      seats.onibus.map((b) => [b.nome, b.lugares, b.ocupados, b.responsavel_nome, b.responsavel_telefone]),
    ).toEqual([["Ônibus Azul", 3, 0, "Rita Líder", "98977776666"]]);
    expect(seats.espera).toBe(0);
    const zero = (await adminSession.inject("GET", "/api/finance/accounts")).json() as Accounts;
    expect([zero.recebido.total, zero.despesas.total, zero.saldo, zero.recebido.linhas.length]).toEqual([0, 0, 0, 0]);
    const cash = (await equipeSession.inject("GET", "/api/finance/cash")).json() as CashView;
    expect(cash.pessoas.every((p) => p.recebido_centavos === 0 && p.em_maos_centavos === 0)).toBe(true);
    expect(cash.entregas).toEqual([]);
    // The activity shows the new edition only: the close, and nothing of last year.
    const activity = (await adminSession.inject("GET", "/api/activity")).json() as ActivityPage;
    expect(activity.items.map((e) => e.tipo)).toEqual(["edicao.encerrada"]);
    expect(activity.items[0]).toMatchObject({
      ator_nome: adminSession.member.nome,
      resumo:
        "Edição JDJ 2025 encerrada; nova edição: JDJ 2026. Levou: ônibus, equipe, configurações. Dados pessoais: guardados por 90 dias",
    });

    // Last year's list, read-only and exportable while its days run.
    const kept = (
      await adminSession.inject("GET", `/api/editions/${before.atual.id}/registrations`)
    ).json() as ArchivedRegistration[];
    expect(kept.map((k) => k.nome_completo)).toEqual([
      "Ana Antiga",
      "Beto Antigo",
      "Caio Antigo",
      "Dani Antiga",
      "Edu Antigo",
    ]);
    const csv = await adminSession.inject("GET", `/api/editions/${before.atual.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("inscricoes-jdj-2025-");
    const names = ["Ana Antiga", "Beto Antigo", "Caio Antigo", "Dani Antiga", "Edu Antigo"];
    const at = names.map((n) => csv.body.indexOf(n));
    expect(at.every((i) => i > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect((await equipeSession.inject("GET", `/api/editions/${before.atual.id}/registrations`)).statusCode).toBe(403);

    // Last year's people register again once the form opens; references never repeat across editions.
    await openForm(adminSession);
    const again = await register({ nome_completo: "Ana Antiga", idade: 15 });
    expect(again.referencia).not.toBe(r[0].referencia);
    expect(again.situacao).toBe("vaga");
    // An old statement line (last year's reference) pays nobody now, and a credit from before the close
    // suggests nobody (a name matches only registrations made by the credit's day); today's is a suggestion.
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const old = await importOk(
      adminSession,
      ofx([
        { data: today, valor: "20.00", memo: `PIX ${r[4].referencia}`, fitid: "velho-1" },
        { data: yesterday, valor: "20.00", memo: "Pix recebido - ANA ANTIGA", fitid: "velho-2" },
      ]),
    );
    expect([old.pagas, old.sugeridas, old.sem_correspondencia]).toEqual([0, 0, 2]);
    const fresh = await importOk(
      adminSession,
      ofx([{ data: today, valor: "20.00", memo: "Pix recebido - ANA ANTIGA" }]),
    );
    expect(fresh.sugeridas).toBe(1);
    expect((await list(adminSession)).every((x) => x.status_pagamento === "pendente")).toBe(true);
    // The database itself refuses a reference an earlier edition gave out, whoever writes it.
    await expect(
      t.db.query(
        `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, referencia)
         VALUES ('Zé Novo', 20, '98988887777', 'PIX', $1)`,
        [r[4].referencia],
      ),
    ).rejects.toThrow("referencia_usada");
  });

  test("bad input changes nothing: an empty or repeated name, a stale page, Equipe", async ({
    register,
    adminSession,
    equipeSession,
  }) => {
    // An earlier edition, whose name is taken too: the one this test closes.
    const earlier = (await editions(adminSession)).atual.nome;
    expect((await close(adminSession, { nome: "JDJ Ensaio" })).statusCode).toBe(200);
    await openForm(adminSession);
    await register({ nome_completo: "Fica Aqui" });
    const before = await editions(adminSession);
    const empty = await close(adminSession, { nome: "  " });
    expect([empty.statusCode, empty.json().error]).toEqual([400, "Informe o nome da nova edição."]);
    const same = await close(adminSession, { nome: before.atual.nome.toUpperCase() });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(
      `Já existe uma edição chamada “${before.atual.nome.toUpperCase()}”. Escolha outro nome.`,
    );
    expect(before.anteriores.map((e) => e.nome)).toContain(earlier);
    expect((await close(adminSession, { nome: ` ${earlier.toLowerCase()} ` })).statusCode).toBe(409);
    const stale = await adminSession.inject("POST", "/api/editions/close", {
      edicao_id: before.atual.id + 1,
      nome: "Outra",
      levar: { onibus: true, equipe: true, configuracoes: true },
      dados: "guardar",
    });
    expect([stale.statusCode, stale.json().error]).toEqual([
      409,
      "Esta edição já foi encerrada. Atualize a página para ver a edição atual.",
    ]);
    const days = await close(adminSession, { nome: "Outra", dias: 0 });
    expect([days.statusCode, days.json().error]).toEqual([400, "Informe de 1 a 365 dias."]);
    expect((await equipeSession.inject("GET", "/api/editions")).statusCode).toBe(403);
    const equipe = await equipeSession.inject("POST", "/api/editions/close", {
      edicao_id: before.atual.id,
      nome: "Da Equipe",
      levar: { onibus: true, equipe: true, configuracoes: true },
      dados: "guardar",
    });
    expect([equipe.statusCode, equipe.json().error]).toEqual([
      403,
      "Seu acesso não permite esta ação. Peça à Coordenação.",
    ]);
    expect(await editions(adminSession)).toEqual(before);
    expect((await list(adminSession)).map((x) => x.nome_completo)).toEqual(["Fica Aqui"]);
  });

  test("a double click or a second coordinator closes once", async ({ register, adminSession }) => {
    await openForm(adminSession);
    await register({});
    const before = await editions(adminSession);
    const body = (nome: string) => ({
      edicao_id: before.atual.id,
      nome,
      levar: { onibus: true, equipe: true, configuracoes: true },
      dados: "guardar",
    });
    const [a, b] = await Promise.all([
      adminSession.inject("POST", "/api/editions/close", body("Dupla A")),
      adminSession.inject("POST", "/api/editions/close", body("Dupla B")),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await editions(adminSession);
    expect(after.anteriores).toHaveLength(before.anteriores.length + 1);
    expect(after.atual.id).toBe(before.atual.id + 1);
  });

  test("the kept list is purged by itself once its days are over, and the log keeps initials", async ({
    t,
    register,
    adminSession,
  }) => {
    await openForm(adminSession);
    const kept = await register({ nome_completo: "Gabriela Guardada" });
    await adminSession.inject("PATCH", `/api/registrations/${kept.id}`, { status_pagamento: "confirmado" });
    const { atual } = await editions(adminSession);
    expect((await close(adminSession, { nome: `Guarda ${kind}`, dias: 30 })).statusCode).toBe(200);
    const [closed] = (await editions(adminSession)).anteriores;
    expect(closed.inscricoes_guardadas).toBe(1);
    expect(new Date(closed.dados_ate!).getTime() - new Date(closed.encerrada_em).getTime()).toBe(30 * 86_400_000);

    // The stored date moved to yesterday: the next look purges.
    await t.db.query("UPDATE edicoes SET dados_ate = now() - interval '1 day' WHERE id = $1", [atual.id]);
    const [purged] = (await editions(adminSession)).anteriores;
    expect(purged).toMatchObject({ id: atual.id, dados_ate: null, inscricoes_guardadas: 0 });
    expect(purged.dados_apagados_em).not.toBeNull();
    expect(purged.totais.recebido.total).toBeGreaterThan(0);
    const gone = await adminSession.inject("GET", `/api/editions/${atual.id}/registrations`);
    expect([gone.statusCode, gone.json().error]).toEqual([
      410,
      "Os dados pessoais desta edição já foram apagados. Ficaram só os totais.",
    ]);
    const oldLog = await t.db.query<{ resumo: string }>(
      "SELECT resumo FROM activity_log WHERE inscricao_id = $1 ORDER BY id",
      [kept.id],
    );
    expect(oldLog.length).toBeGreaterThan(0);
    expect(oldLog.map((e) => e.resumo).join(" ")).not.toContain("Gabriela");
    expect(oldLog.map((e) => e.resumo).join(" ")).toContain("G. G.");
    const activity = (await adminSession.inject("GET", "/api/activity?tipo=edicao")).json() as ActivityPage;
    expect(activity.items.map((e) => [e.tipo, e.ator_nome, e.resumo])[0]).toEqual([
      "edicao.dados_apagados",
      "sistema",
      `Dados pessoais da edição ${closed.nome} apagados`,
    ]);
  });

  // Last in the block: without the team, the helper's account is gone.
  test("'Apagar agora' with nothing carried over: no buses, the team reduced to the coordinator, settings back to the defaults", async ({
    t,
    register,
    adminSession,
    equipeSession,
  }) => {
    await openForm(adminSession);
    await adminSession.inject("POST", "/api/buses", { nome: "Ônibus Verde", lugares: 10 });
    const settings = (await adminSession.inject("GET", "/api/settings")).json() as SettingsView;
    await adminSession.inject("PUT", "/api/settings", { ...settings.values, local: "Outro lugar" });
    const gone = await register({ nome_completo: "Helena Apagada" });
    const { atual } = await editions(adminSession);
    const res = await close(adminSession, {
      nome: `Sem nada ${kind}`,
      levar: { onibus: false, equipe: false, configuracoes: false },
      dados: "apagar",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { encerrada } = res.json() as CloseEditionResult;
    expect(encerrada).toMatchObject({ dados_ate: null, inscricoes_guardadas: 0 });
    expect(encerrada.dados_apagados_em).not.toBeNull();
    expect((await adminSession.inject("GET", `/api/editions/${atual.id}/registrations`)).statusCode).toBe(410);
    expect(((await adminSession.inject("GET", "/api/buses")).json() as SeatOverview).onibus).toEqual([]);
    const team = (await adminSession.inject("GET", "/api/team")).json() as { nome: string }[];
    expect(team.map((m) => m.nome)).toEqual([adminSession.member.nome]);
    expect((await equipeSession.inject("GET", "/api/finance/cash")).statusCode).toBe(401);
    const now = (await adminSession.inject("GET", "/api/settings")).json() as SettingsView;
    expect(now.values).toMatchObject({ titulo: `Sem nada ${kind}`, data: "A definir", local: now.defaults.local });
    const log = await t.db.query<{ resumo: string }>("SELECT resumo FROM activity_log WHERE inscricao_id = $1", [
      gone.id,
    ]);
    expect(log.map((e) => e.resumo).join(" ")).toContain("H. A.");
    expect(log.map((e) => e.resumo).join(" ")).not.toContain("Helena");
    // The same person is welcome in the new edition.
    await openForm(adminSession);
    const res2 = await t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: person({ nome_completo: "Helena Apagada" }),
    });
    expect(res2.statusCode, res2.body).toBe(201);
  });
});

/** What a restore must bring back: the people, their seats and payments, the buses, settings, team and edition. */
async function state(db: Queryable) {
  return {
    people: await db.query(
      `SELECT id, nome_completo, situacao, status_pagamento, referencia, (SELECT nome FROM onibus o WHERE o.id = onibus_id) AS onibus
       FROM registrations ORDER BY id`,
    ),
    payments: await db.query("SELECT inscricao_id, tipo, valor_centavos, metodo FROM pagamentos ORDER BY id"),
    buses: await db.query("SELECT nome, lugares, ocupados FROM onibus ORDER BY nome"),
    settings: await db.query("SELECT chave, valor, origem FROM event_settings ORDER BY chave"),
    team: await db.query("SELECT nome, papel, ativo FROM admin_users ORDER BY id"),
    editions: await db.query("SELECT id, encerrada_em FROM edicoes ORDER BY id"),
    form: await db.query("SELECT is_open FROM form_settings"),
  };
}

describe.each(DB_KINDS)("the close's backup on %s", (kind) => {
  const test = apiTest(kind);
  let fresh: Database;
  useFreshDatabase(kind, (db) => (fresh = db));

  test("brings back the state before the close in a new database; the closed one refuses it", async ({
    t,
    register,
    adminSession,
  }) => {
    await openForm(adminSession);
    await adminSession.inject("POST", "/api/buses", { nome: "Ônibus 1", lugares: 1 });
    const paid = await register({ nome_completo: "Iara Restaurada" });
    await register({ nome_completo: "João Esperando" });
    await adminSession.inject("PATCH", `/api/registrations/${paid.id}`, { status_pagamento: "confirmado" });
    const before = await state(t.db);
    const res = await close(adminSession, { nome: "Depois do backup" });
    expect(res.statusCode, res.body).toBe(200);
    const { backup, encerrada } = res.json() as CloseEditionResult;

    await expect(restoreFrom(t.db, backup)).rejects.toThrow(
      `Este backup é da edição “${encerrada.nome}”, anterior à edição atual deste banco (“Depois do backup”). ` +
        "Restaure-o em um banco novo (outro DATA_DIR ou DATABASE_URL).",
    );
    expect(await list(adminSession)).toEqual([]);

    await restoreFrom(fresh, backup);
    expect(await state(fresh)).toEqual(before);
  });
});

describe("a close whose backup cannot be written", () => {
  const test = apiTest("pglite", { env: { BACKUP_DIR: "/dev/null/backups" } });
  test("is refused with the reason, and nothing changes", async ({ register, adminSession }) => {
    await openForm(adminSession);
    await register({ nome_completo: "Kátia Intacta" });
    const before = await editions(adminSession);
    const res = await close(adminSession, { nome: "Sem backup" });
    expect([res.statusCode, res.json().error]).toEqual([
      503,
      "Não foi possível gravar o backup (ENOTDIR). Nada foi alterado.",
    ]);
    expect(await editions(adminSession)).toEqual(before);
    expect((await list(adminSession)).map((x) => x.nome_completo)).toEqual(["Kátia Intacta"]);
  });
});

describe.each(DB_KINDS)("a database made before editions, then purged, on %s", (kind) => {
  const test = apiTest(kind);
  test("becomes edition one, named from its title, with its rows and its year-old log in it", async ({
    t,
    register,
    adminSession,
  }) => {
    await openForm(adminSession);
    const kept = await register({ nome_completo: "Olga Anterior" });
    // The database as it was before migration 026, with an entry from a year ago.
    await t.db.exec(`
      DROP TRIGGER registrations_referencias_novas ON registrations;
      DROP FUNCTION caravana_referencias_novas();
      DROP TRIGGER edicoes_log ON edicoes;
      DROP FUNCTION caravana_log_editions();
      DROP TRIGGER edicoes_notify ON edicoes;
      DROP FUNCTION caravana_notify_edition();
      DROP TABLE edicao_inscricoes, referencias_usadas, edicoes;
      CREATE OR REPLACE FUNCTION caravana_logging() RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT coalesce(current_setting('caravana.restoring', true), '') <> 'on'
           AND coalesce(current_setting('caravana.purging', true), '') <> 'on'
      $$;
      DELETE FROM schema_migrations WHERE version = '026-editions';
      -- And before 027, which came after it.
      DROP INDEX extrato_linhas_repete_idx;
      ALTER TABLE extrato_linhas DROP COLUMN repete, DROP CONSTRAINT extrato_linhas_como_check;
      ALTER TABLE extrato_linhas ADD CONSTRAINT extrato_linhas_como_check CHECK (como IN ('codigo', 'codigos', 'nome', 'vinculo'));
      ALTER TABLE reembolsos DROP CONSTRAINT reembolsos_origem_check;
      ALTER TABLE reembolsos ADD CONSTRAINT reembolsos_origem_check CHECK (origem IN ('desistencia', 'exclusao', 'pagamento_duplo'));
      DELETE FROM schema_migrations WHERE version = '027-review-fixes';
      INSERT INTO activity_log (em, ator_nome, tipo, resumo) VALUES (now() - interval '1 year', 'sistema', 'formulario.aberto', 'Formulário aberto há um ano');
      UPDATE event_settings SET valor = '"JDJ Antigo"' WHERE chave = 'titulo';
    `);
    expect((await migrate(t.db)).migrations).toEqual(["026-editions", "027-review-fixes"]);
    const [edition] = await t.db.query<{ id: number; nome: string; encerrada_em: string | null }>(
      "SELECT id, nome, encerrada_em FROM edicoes",
    );
    expect(edition).toEqual({ id: 1, nome: "JDJ Antigo", encerrada_em: null });
    await t.app.eventSettings.reload();
    const view = await editions(adminSession);
    expect(view).toMatchObject({ atual: { id: 1, nome: "JDJ Antigo", inscricoes: 1 }, anteriores: [] });
    expect((await list(adminSession)).map((r) => r.id)).toEqual([kept.id]);
    const activity = (await adminSession.inject("GET", "/api/activity?tipo=formulario")).json() as ActivityPage;
    expect(activity.items.map((e) => e.resumo)).toContain("Formulário aberto há um ano");
  });

  // Last: the purge ends every session.
  test("npm run purge takes the kept lists of earlier editions too", async ({ t, register, adminSession }) => {
    await openForm(adminSession);
    await register({ nome_completo: "Paulo Purgado" });
    const closed = await close(adminSession, { nome: `Purga ${kind}` });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await editions(adminSession)).anteriores[0].inscricoes_guardadas).toBe(1);
    await purgePersonalData(t.db, purgeKeptLists);
    // The purge ends every session too: the rows tell.
    const [purged] = await t.db.query<{ dados_ate: string | null; dados_apagados_em: string | null }>(
      "SELECT dados_ate, dados_apagados_em FROM edicoes WHERE encerrada_em IS NOT NULL",
    );
    expect(purged.dados_ate).toBeNull();
    expect(purged.dados_apagados_em).not.toBeNull();
    expect(await t.db.query("SELECT 1 FROM edicao_inscricoes")).toEqual([]);
    const left = await t.db.query("SELECT 1 FROM activity_log WHERE resumo LIKE '%Paulo Purgado%'");
    expect(left).toEqual([]);
  });
});
