import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationPage } from "../../src/shared/admin-api";
import type { Registration } from "../../src/shared/api-types";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const EXPIRED = { error: "Sessão expirada ou inválida. Entre novamente." };

interface Seed {
  nome: string;
  minutesAgo: number;
  status?: "pendente" | "confirmado";
  metodo?: "PIX" | "ESPECIE";
  idade?: number;
}

async function seed(t: TestApp, rows: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at)
       VALUES ($1, $2, '98999998888', $3, $4, now() - $5 * interval '1 minute') RETURNING id`,
      [r.nome, r.idade ?? 20, r.metodo ?? "PIX", r.status ?? "pendente", r.minutesAgo],
    );
    ids.push(row.id);
  }
  return ids;
}

describe.each(DB_KINDS)("admin registration routes on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  let expiredCookie: string;
  beforeAll(async () => {
    t = await startAdminTestApp(kind);
    cookie = await adminCookie(t.app);
    expiredCookie = await adminCookie(t.app);
    await t.db.query(
      "UPDATE admin_sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [expiredCookie.split("=")[1]],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ url, headers: { cookie } });
  const list = async (query: string) => {
    const res = await get(`/api/registrations?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as RegistrationPage;
  };
  const names = (page: RegistrationPage) => page.items.map((r) => r.nome_completo);

  describe("without a valid session", () => {
    const routes = (id: string) => [
      { method: "GET" as const, url: "/api/registrations" },
      { method: "GET" as const, url: "/api/registrations/stats" },
      { method: "GET" as const, url: "/api/registrations/export.xlsx" },
      { method: "GET" as const, url: "/api/registrations/export.csv" },
      { method: "PATCH" as const, url: `/api/registrations/${id}`, payload: { status_pagamento: "confirmado" } },
      { method: "DELETE" as const, url: `/api/registrations/${id}` },
      { method: "PUT" as const, url: "/api/form-status", payload: { is_open: false } },
    ];
    const forged = `${SESSION_COOKIE}=${randomBytes(32).toString("base64url")}`;
    const cookies = () => [
      ["no cookie", undefined],
      ["a forged cookie", forged],
      ["a malformed cookie", `${SESSION_COOKIE}=' OR 1=1 --`],
      ["an expired cookie", expiredCookie],
    ];

    it("refuses every admin route with 401 and changes nothing", async () => {
      const [id] = await seed(t, [{ nome: "Intocável da Silva", minutesAgo: 1 }]);
      for (const route of routes(id)) {
        for (const [label, c] of cookies()) {
          const res = await t.app.inject({ ...route, headers: c ? { cookie: c } : {} });
          expect(res.statusCode, `${route.method} ${route.url} with ${label}`).toBe(401);
          expect(res.json()).toEqual(EXPIRED);
          expect(res.body).not.toContain("Intocável");
        }
      }
      const [row] = await t.db.query<{ status_pagamento: string }>(
        "SELECT status_pagamento FROM registrations WHERE id = $1",
        [id],
      );
      expect(row.status_pagamento).toBe("pendente");
      expect((await t.app.inject("/api/form-status")).json().is_open).toBe(true);
    });
  });

  it("refuses state changes from another site with 403, even with a session", async () => {
    const [id] = await seed(t, [{ nome: "Alvo de Outro Site", minutesAgo: 1 }]);
    const attempts = [
      { method: "PATCH" as const, url: `/api/registrations/${id}`, payload: { status_pagamento: "confirmado" } },
      { method: "DELETE" as const, url: `/api/registrations/${id}` },
      { method: "PUT" as const, url: "/api/form-status", payload: { is_open: false } },
    ];
    for (const attempt of attempts) {
      for (const headers of [
        { origin: "https://evil.example" },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
      ]) {
        const res = await t.app.inject({ ...attempt, headers: { cookie, ...headers } });
        expect(res.statusCode, `${attempt.method} ${attempt.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().error).toMatch(/outro site/);
      }
    }
    const [row] = await t.db.query<{ status_pagamento: string }>(
      "SELECT status_pagamento FROM registrations WHERE id = $1",
      [id],
    );
    expect(row.status_pagamento).toBe("pendente");
    expect((await t.app.inject("/api/form-status")).json().is_open).toBe(true);
  });

  it("opens and closes the form, stamping updated_at; visitors see it", async () => {
    const before = (await t.app.inject("/api/form-status")).json();
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/form-status",
      payload: { is_open: false },
      headers: { cookie, host: "caravana.test", origin: "http://caravana.test" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_open).toBe(false);
    expect(Date.parse(res.json().updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect((await t.app.inject("/api/form-status")).json().is_open).toBe(false);
    const closed = await t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: { nome_completo: "Tarde Demais", idade: 20, numero_responsavel: "98999998888", metodo_pagamento: "PIX" },
    });
    expect(closed.statusCode).toBe(409);

    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/form-status",
      payload: { is_open: "sim" },
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Informe se o formulário está aberto (true ou false)." });

    const reopen = await t.app.inject({
      method: "PUT",
      url: "/api/form-status",
      payload: { is_open: true },
      headers: { cookie },
    });
    expect(reopen.json().is_open).toBe(true);
  });

  describe("list", () => {
    beforeAll(async () => {
      await seed(t, [
        { nome: "João da Silva", minutesAgo: 300 },
        { nome: "Pedro Alvares Cabral", minutesAgo: 200, status: "confirmado" },
        { nome: "Ana Clara Souza", minutesAgo: 100, status: "confirmado", metodo: "ESPECIE" },
        { nome: "Zé 100% Fiel", minutesAgo: 90 },
        { nome: "Joana_Lima", minutesAgo: 80 },
      ]);
    });

    it("searches names ignoring accents and case", async () => {
      expect(names(await list("q=joao"))).toEqual(["João da Silva"]);
      expect(names(await list("q=%C3%81LVARES"))).toEqual(["Pedro Alvares Cabral"]);
      expect(names(await list("q=SOUZA"))).toEqual(["Ana Clara Souza"]);
      expect(names(await list(`q=${encodeURIComponent("zé")}`))).toEqual(["Zé 100% Fiel"]);
      expect((await list("q=ninguem-com-este-nome")).total).toBe(0);
    });

    it("treats % and _ in the search as plain characters", async () => {
      expect(names(await list("q=%25"))).toEqual(["Zé 100% Fiel"]);
      expect(names(await list("q=_"))).toEqual(["Joana_Lima"]);
      expect(names(await list("q=jo%25"))).toEqual([]);
    });

    it("counts searches of one or two characters exactly, as the search box sends them while typing", async () => {
      // None of these rows is paid: "confirmado" finds none of them.
      const cases: [string, string[]][] = [
        ["ZÉ", ["Zé 100% Fiel"]],
        ["ão", ["João da Silva"]],
        ["JO", ["Joana_Lima", "João da Silva"]],
        ["0%", ["Zé 100% Fiel"]],
        ["a_", ["Joana_Lima"]],
        ["xx", []],
      ];
      for (const [q, expected] of cases) {
        for (const status of ["todos", "pendente", "confirmado"]) {
          const page = await list(`q=${encodeURIComponent(q)}&status=${status}&sort=nome`);
          const want = status === "confirmado" ? [] : expected;
          expect(names(page), `${q} ${status}`).toEqual(want);
          expect(page.total, `${q} ${status}`).toBe(want.length);
        }
      }
    });

    it("filters by payment status", async () => {
      const pagos = await list("status=confirmado&q=a");
      expect(pagos.items.every((r) => r.status_pagamento === "confirmado")).toBe(true);
      expect(names(pagos)).toEqual(expect.arrayContaining(["Pedro Alvares Cabral", "Ana Clara Souza"]));
      const pendentes = await list("status=pendente");
      expect(pendentes.items.every((r) => r.status_pagamento === "pendente")).toBe(true);
      expect(names(pendentes)).toContain("João da Silva");
    });

    it("sorts by newest, oldest and name", async () => {
      const q = "q=o&status=todos";
      const recent = names(await list(`${q}&sort=recentes`));
      const old = names(await list(`${q}&sort=antigos`));
      const byName = names(await list(`${q}&sort=nome`));
      const mine = ["João da Silva", "Pedro Alvares Cabral", "Ana Clara Souza", "Joana_Lima"];
      const only = (xs: string[]) => xs.filter((n) => mine.includes(n));
      expect(only(recent)).toEqual(["Joana_Lima", "Ana Clara Souza", "Pedro Alvares Cabral", "João da Silva"]);
      expect(only(old)).toEqual(["João da Silva", "Pedro Alvares Cabral", "Ana Clara Souza", "Joana_Lima"]);
      expect(only(byName)).toEqual(["Ana Clara Souza", "Joana_Lima", "João da Silva", "Pedro Alvares Cabral"]);
      // The default is newest first.
      expect(names(await list(q))).toEqual(recent);
    });

    it("pages by 10 with the total and page count", async () => {
      await seed(
        t,
        Array.from({ length: 13 }, (_, i) => ({
          nome: `Participante ${String(i + 1).padStart(2, "0")}`,
          minutesAgo: 50 - i,
        })),
      );
      const first = await list("q=participante&sort=nome");
      expect(first).toMatchObject({ total: 13, page: 1, pageSize: 10, pageCount: 2 });
      expect(names(first)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Participante ${String(i + 1).padStart(2, "0")}`),
      );
      const second = await list("q=participante&sort=nome&page=2");
      expect(second).toMatchObject({ total: 13, page: 2, pageCount: 2 });
      expect(names(second)).toEqual(["Participante 11", "Participante 12", "Participante 13"]);
      // Past the end (e.g. the last row of the last page was deleted): the last page.
      const past = await list("q=participante&sort=nome&page=9");
      expect(past.page).toBe(2);
      expect(names(past)).toEqual(names(second));
      const none = await list("q=ninguem");
      expect(none).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
      // The admin view of a row, never the internal columns.
      const item = first.items[0];
      expect(item).toMatchObject({ nome_completo: "Participante 01", idade: 20, numero_responsavel: "98999998888" });
      for (const secret of ["idempotency_key", "nome_busca", "upload_token_hash", "updated_at"])
        expect(item).not.toHaveProperty(secret);
    });

    it.each([
      ["page=0", "Página inválida."],
      ["page=abc", "Página inválida."],
      ["status=pago", "Filtro de status inválido."],
      ["sort=idade", "Ordenação inválida."],
      [`q=${"a".repeat(121)}`, "Busca longa demais."],
    ])("refuses %s with a pt-BR 400", async (query, message) => {
      const res = await get(`/api/registrations?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });

    it("is never cached", async () => {
      expect((await get("/api/registrations")).headers["cache-control"]).toBe("no-store");
    });
  });

  it("counts total, pending, paid, PIX and cash in one query", async () => {
    const before = (await get("/api/registrations/stats")).json();
    await seed(t, [
      { nome: "Stat Um", minutesAgo: 1 },
      { nome: "Stat Dois", minutesAgo: 1, status: "confirmado" },
      { nome: "Stat Três", minutesAgo: 1, status: "confirmado", metodo: "ESPECIE" },
    ]);
    const after = (await get("/api/registrations/stats")).json();
    expect(after).toEqual({
      total: before.total + 3,
      pendentes: before.pendentes + 1,
      confirmados: before.confirmados + 2,
      pix: before.pix + 2,
      especie: before.especie + 1,
    });
    const [{ n }] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations");
    expect(after.total).toBe(n);
    expect(after.pendentes + after.confirmados).toBe(n);
    expect(after.pix + after.especie).toBe(n);
  });

  describe("edit and delete", () => {
    const patch = (id: string, payload: unknown) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/registrations/${id}`,
        payload: payload as object,
        headers: { cookie },
      });
    const updatedAt = async (id: string) =>
      (await t.db.query<{ u: string }>("SELECT updated_at::text AS u FROM registrations WHERE id = $1", [id]))[0].u;

    it("toggles the payment status and stamps updated_at", async () => {
      const [id] = await seed(t, [{ nome: "Marcar Pago", minutesAgo: 10 }]);
      const before = await updatedAt(id);
      const res = await patch(id, { status_pagamento: "confirmado" });
      expect(res.statusCode).toBe(200);
      const reg = res.json() as Registration;
      expect(reg).toMatchObject({ id, nome_completo: "Marcar Pago", status_pagamento: "confirmado" });
      expect(await updatedAt(id)).not.toBe(before);
      expect((await patch(id, { status_pagamento: "pendente" })).json().status_pagamento).toBe("pendente");
    });

    it("saves a whole edit, normalised like the public form", async () => {
      const [id] = await seed(t, [{ nome: "Nome Antigo", minutesAgo: 10 }]);
      const res = await patch(id, {
        nome_completo: "  Nome Novo  ",
        idade: "31",
        numero_responsavel: "(98) 98888-7777",
        metodo_pagamento: "ESPECIE",
        status_pagamento: "confirmado",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        nome_completo: "Nome Novo",
        idade: 31,
        numero_responsavel: "98988887777",
        metodo_pagamento: "ESPECIE",
        status_pagamento: "confirmado",
      });
      expect(names(await list("q=nome novo"))).toEqual(["Nome Novo"]);
    });

    const full = {
      nome_completo: "Válido",
      idade: 20,
      numero_responsavel: "98999998888",
      metodo_pagamento: "PIX",
      status_pagamento: "pendente",
    };
    it.each([
      [{ ...full, nome_completo: " " }, "Nome é obrigatório"],
      [{ ...full, idade: 3 }, "Idade mínima: 4 anos"],
      [{ ...full, idade: 66 }, "Idade máxima: 65 anos"],
      [{ ...full, numero_responsavel: "123" }, "Número de telefone inválido"],
      [{ ...full, metodo_pagamento: "CARTAO" }, "Escolha a forma de pagamento: PIX ou Espécie"],
      [{ ...full, status_pagamento: "pago" }, "Status de pagamento inválido"],
      [{ status_pagamento: "pago" }, "Status de pagamento inválido"],
      [{ status_pagamento: "confirmado", idade: 20 }, "Nome é obrigatório"],
      [{ ...full, extra: 1 }, "Campo não permitido no formulário"],
      [{}, "Nome é obrigatório"],
      [[1, 2], "Dados do formulário inválidos"],
    ])("refuses %j with the shared schema's message", async (payload, message) => {
      await t.db.query("DELETE FROM registrations WHERE nome_completo = 'Não Muda'");
      const [id] = await seed(t, [{ nome: "Não Muda", minutesAgo: 10 }]);
      const res = await patch(id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
      const [row] = await t.db.query<{ nome_completo: string }>(
        "SELECT nome_completo FROM registrations WHERE id = $1",
        [id],
      );
      expect(row.nome_completo).toBe("Não Muda");
    });

    it("answers 404 for a registration that does not exist", async () => {
      const res = await patch(randomUUID(), { status_pagamento: "confirmado" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "Inscrição não encontrada." });
      const bad = await patch("not-a-uuid", { status_pagamento: "confirmado" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: "Inscrição não encontrada." });
    });

    it("deletes a registration, then answers 404", async () => {
      const [id] = await seed(t, [{ nome: "Apagar Esta", minutesAgo: 10 }]);
      const del = () => t.app.inject({ method: "DELETE", url: `/api/registrations/${id}`, headers: { cookie } });
      const res = await del();
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect(await t.db.query("SELECT 1 FROM registrations WHERE id = $1", [id])).toHaveLength(0);
      const again = await del();
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: "Inscrição não encontrada." });
    });
  });
});
