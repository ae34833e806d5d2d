import { describe, expect } from "vitest";
import type { ActivityEntry, ActivityPage } from "../../src/shared/activity";
import { adminCookie } from "../support/admin-login";
import { apiTest } from "../support/api-fixtures";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const PERSON = {
  nome_completo: "Lia Registro",
  idade: 16,
  numero_responsavel: "(98) 98888-1111",
  metodo_pagamento: "PIX",
  consentimento: true,
  responsavel_nome: "Maria Responsável",
  parentesco: "mae",
} as const;

/** This file's reads of the log, made with the Coordenação's session unless told. */
function helpersFor(t: TestApp, coord: string) {
  const history = async (id: string, cookie = coord) =>
    (await t.app.inject({ url: `/api/registrations/${id}/history`, headers: { cookie } })).json() as ActivityEntry[];
  const activity = async (query = "") =>
    (await t.app.inject({ url: `/api/activity${query}`, headers: { cookie: coord } })).json() as ActivityPage;
  const logCount = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM activity_log"))[0].n;
  return { history, activity, logCount };
}

describe.each(DB_KINDS)("activity log on %s", (kind) => {
  const test = apiTest(kind, { keepRows: true, equipeName: "Bia Ajudante" }).extend<{
    h: ReturnType<typeof helpersFor>;
  }>({
    h: async ({ t, adminSession }, use) => use(helpersFor(t, adminSession.cookie)),
  });

  test("logs a registration's life: created by a visitor, paid by the helper, edited, cancelled, deleted with a copy", async ({
    t,
    register,
    adminSession: { cookie: coord },
    equipeSession: {
      cookie: helper,
      member: { id: helperId },
    },
    h: { history },
  }) => {
    const { id } = await register({ ...PERSON, nome_completo: "Lia Registro" });
    const patch = (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: `/api/registrations/${id}`, headers: { cookie }, payload });
    expect((await patch(helper, { status_pagamento: "confirmado" })).statusCode).toBe(200);
    expect(
      (
        await patch(coord, {
          nome_completo: "Lia Registro Souza",
          idade: 17,
          numero_responsavel: "(98) 98888-1111",
          metodo_pagamento: "PIX",
          status_pagamento: "confirmado",
        })
      ).statusCode,
    ).toBe(200);
    const seat = await t.app.inject({
      method: "PUT",
      url: `/api/registrations/${id}/seat`,
      headers: { cookie: coord },
      payload: { de: { situacao: "vaga", onibus_id: null }, para: { situacao: "desistente", onibus_id: null } },
    });
    expect(seat.statusCode, seat.body).toBe(200);

    const steps = (await history(id, helper)).reverse();
    expect(steps.map((e) => [e.tipo, e.ator_nome])).toEqual([
      ["inscricao.criada", "visitante"],
      ["pagamento.confirmado", "Bia Ajudante"],
      ["inscricao.editada", "Coordenação"],
      ["inscricao.cancelada", "Coordenação"],
    ]);
    expect(steps[1].resumo).toBe("Pagamento de Lia Registro confirmado");
    expect(steps[1].antes).toEqual({ status_pagamento: "pendente" });
    expect(steps[1].depois).toEqual({ status_pagamento: "confirmado" });
    expect(steps[2].antes).toEqual({ nome_completo: "Lia Registro", idade: 16 });
    expect(steps[2].depois).toEqual({ nome_completo: "Lia Registro Souza", idade: 17 });
    expect(steps[1].ator_id).toBe(helperId);

    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/registrations/${id}?dinheiro=reembolsar`,
          headers: { cookie: coord },
        })
      ).statusCode,
    ).toBe(204);
    const [deleted] = await history(id);
    expect(deleted.tipo).toBe("inscricao.excluida");
    expect(deleted.antes).toMatchObject({ nome_completo: "Lia Registro Souza", numero_responsavel: "98988881111" });
  });

  test("logs boarding, cash, buses, the form, people, logins and logouts, and filters and pages them in the database", async ({
    t,
    register,
    adminSession: { cookie: coord },
    equipeSession: {
      cookie: helper,
      member: { id: helperId },
    },
    h: { activity, logCount },
  }) => {
    const bus = await t.app.inject({
      method: "POST",
      url: "/api/buses",
      headers: { cookie: coord },
      payload: { nome: "Ônibus Azul", lugares: 40 },
    });
    expect(bus.statusCode).toBe(201);
    const { id } = await register({ ...PERSON, nome_completo: "Caio Embarca" });
    const mark = {
      id: "6f1c1f3e-8c55-4c4e-9a63-1f1b7c1d2e01",
      inscricao_id: id,
      viagem: "ida",
      embarcou: true,
      feito_em: new Date().toISOString(),
    };
    const marks = () =>
      t.app.inject({
        method: "POST",
        url: "/api/boarding/marks",
        headers: { cookie: helper },
        payload: { marcas: [mark] },
      });
    expect((await marks()).statusCode).toBe(200);
    const before = await logCount();
    // A replayed mark changes nothing and logs nothing.
    expect((await marks()).statusCode).toBe(200);
    expect(await logCount()).toBe(before);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/boarding/cash",
          headers: { cookie: helper },
          payload: { inscricao_id: id },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: "/api/form-status",
          headers: { cookie: coord },
          payload: { is_open: false },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: "POST",
      url: "/api/session",
      remoteAddress: "10.66.9.9",
      payload: { password: "chute-7q9z" },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/session",
      remoteAddress: "10.66.9.9",
      payload: { login: "bia.ajudante", password: "chute-7q9z" },
    });
    const extra = await adminCookie(t.app, "10.66.9.10");
    await t.app.inject({ method: "DELETE", url: "/api/session", headers: { cookie: extra } });

    const all = await activity();
    const kinds = all.items.map((e) => e.tipo);
    for (const k of [
      "onibus.criado",
      "inscricao.criada",
      "embarque.marcado",
      "pagamento.confirmado",
      "formulario.fechado",
      "equipe.adicionada",
      "sessao.entrou",
      "sessao.falhou",
      "sessao.saiu",
    ]) {
      expect(kinds, k).toContain(k);
    }
    // Newest first.
    expect(all.items.map((e) => e.em)).toEqual([...all.items.map((e) => e.em)].sort().reverse());
    const cash = all.items.find((e) => e.tipo === "pagamento.confirmado" && e.inscricao_id === id);
    expect(cash?.resumo).toBe("Pagamento de Caio Embarca confirmado (espécie)");
    expect(cash?.ator_nome).toBe("Bia Ajudante");
    expect(all.items.find((e) => e.tipo === "embarque.marcado")?.resumo).toBe("Caio Embarca embarcou (ida)");
    const failed = all.items.filter((e) => e.tipo === "sessao.falhou").map((e) => e.resumo);
    expect(failed).toEqual(["Senha incorreta para Bia Ajudante", "Senha incorreta para Coordenação"]);
    // The typed password is never in the log.
    expect(JSON.stringify(all)).not.toContain("chute-7q9z");

    const byHelper = await activity(`?ator=${helperId}`);
    expect(byHelper.items.length).toBeGreaterThan(0);
    expect(new Set(byHelper.items.map((e) => e.ator_id))).toEqual(new Set([helperId]));
    const payments = await activity("?tipo=pagamento");
    expect(payments.items.map((e) => e.tipo)).toContain("pagamento.confirmado");
    expect(payments.items.every((e) => e.tipo.startsWith("pagamento."))).toBe(true);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Fortaleza" });
    expect((await activity(`?desde=${today}&ate=${today}`)).total).toBe(all.total);
    expect((await activity("?ate=2000-01-01")).total).toBe(0);
    const bad = await t.app.inject({ url: "/api/activity?tipo=nada", headers: { cookie: coord } });
    expect(bad.statusCode).toBe(400);
    // Valid-looking but impossible: past PostgreSQL's integer, a day that does not exist, year 0000.
    for (const [query, error] of [
      ["ator=2147483648", "Pessoa inválida."],
      ["ator=-1", "Pessoa inválida."],
      ["desde=2025-02-30", "Data inválida (use AAAA-MM-DD)."],
      ["desde=0000-01-01", "Data inválida (use AAAA-MM-DD)."],
      ["ate=2025-13-01", "Data inválida (use AAAA-MM-DD)."],
    ]) {
      const res = await t.app.inject({ url: `/api/activity?${query}`, headers: { cookie: coord } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error });
    }

    // Pages of 30 in the database (the form opens again for them).
    await t.app.inject({
      method: "PUT",
      url: "/api/form-status",
      headers: { cookie: coord },
      payload: { is_open: true },
    });
    for (let i = 0; i < 31; i++)
      await register({ ...PERSON, nome_completo: `Pessoa Pagina ${String.fromCharCode(65 + (i % 26))}${i}` });
    const first = await activity();
    const second = await activity("?page=2");
    expect(first.items).toHaveLength(30);
    expect(first.pageCount).toBeGreaterThanOrEqual(2);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(
      first.items.length + second.items.length,
    );
  });

  test("writes no entry for a change that failed half-way, and no change without its entry", async ({
    t,
    register,
    adminSession: { cookie: coord },
    h: { history, logCount },
  }) => {
    const { id } = await register({ ...PERSON, nome_completo: "Rui Metade" });
    const before = await logCount();
    const [row] = await t.db.query("SELECT status_pagamento FROM registrations WHERE id = $1", [id]);
    // A transaction that marks the payment, then fails: both the change and its entry are gone.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [id]);
        await tx.query("SELECT 1/0");
      }),
    ).rejects.toThrow();
    expect(await logCount()).toBe(before);
    expect((await t.db.query("SELECT status_pagamento FROM registrations WHERE id = $1", [id]))[0]).toEqual(row);

    // A change whose entry cannot be written is refused as a whole.
    await t.db.exec(
      "ALTER TABLE activity_log ADD CONSTRAINT teste_recusa CHECK (tipo <> 'pagamento.confirmado') NOT VALID",
    );
    try {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/registrations/${id}`,
        headers: { cookie: coord },
        payload: { status_pagamento: "confirmado" },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect((await t.db.query("SELECT status_pagamento FROM registrations WHERE id = $1", [id]))[0]).toEqual(row);
    } finally {
      await t.db.exec("ALTER TABLE activity_log DROP CONSTRAINT teste_recusa");
    }
    expect(await logCount()).toBe(before);

    // And through psql, with nobody named: the system.
    await t.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [id]);
    const [last] = await history(id);
    expect([last.tipo, last.ator_nome, last.ator_id]).toEqual(["pagamento.confirmado", "sistema", null]);
  });
});
