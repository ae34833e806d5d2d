import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DIST_DIR } from "../../src/server/app";
import { SESSION_COOKIE, SESSION_MESSAGES } from "../../src/server/plugins/session";
import { RECEIPT_MESSAGES } from "../../src/server/routes/receipts";
import { MY_REGISTRATION_MESSAGES } from "../../src/shared/my-registration";
import { TEAM_MESSAGES } from "../../src/shared/team";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { JPEG_BYTES, multipartBody } from "../support/multipart";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";
import { classifyInventory, type WalkRoute } from "./route-table";
import {
  errorMessage,
  expiredSessionCookie,
  GARBAGE_COOKIES,
  injectText,
  leakIn,
  newToken,
  SECRET_PERSON,
  SECRET_STRINGS,
  sessionCookie,
} from "../support/route-walk";
import { openStream } from "../support/sse";
import { seedPaymentRecords } from "../support/seed-payments";

// The build the test server serves (test/support/test-app.ts).
const DIST_DIR = process.env.TEST_DIST_DIR ?? DEFAULT_DIST_DIR;
const cookieHeader = (cookie?: string): Record<string, string> => (cookie !== undefined ? { cookie } : {});
const SAFE_METHODS = new Set(["GET", "HEAD"]);
const CROSS_SITE: { name: string; headers: Record<string, string> }[] = [
  { name: "cross-site Origin", headers: { origin: "https://evil.example" } },
  { name: "Sec-Fetch-Site: cross-site", headers: { "sec-fetch-site": "cross-site" } },
];

describe.each(DB_KINDS)("route walk on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  let target: { id: string; upload_token: string };
  let busId: string;
  let busCount = 0;
  let memberCount = 0;
  /** An Equipe helper's session, and the person the team routes act on. */
  let helperCookie: string;
  let memberId: number;
  /** The principal Coordenação account (who receives handovers), and the helper's own id. */
  let principalId: number;
  let helperId: number;
  let secrets: string[];
  let ip = 0;
  const nextIp = () => `10.77.${(++ip >> 8) & 255}.${ip & 255}`;

  beforeAll(async () => {
    t = await startAdminTestApp(kind, { listen: true });
    cookie = await adminCookie(t.app);
    const created = await t.app.inject({ method: "POST", url: "/api/registrations", payload: SECRET_PERSON });
    expect(created.statusCode).toBe(201);
    target = created.json();
    secrets = [...SECRET_STRINGS, target.upload_token];
    const receipt = multipartBody([{ name: "file", filename: "pix.jpg", contentType: "image/jpeg", data: JPEG_BYTES }]);
    // Twice: the first stays as an earlier version (GET /api/registrations/:id/receipts/:version).
    for (let i = 0; i < 2; i++) {
      const uploaded = await t.app.inject({
        method: "POST",
        url: `/api/registrations/${target.id}/receipt`,
        payload: receipt.payload,
        headers: { ...receipt.headers, authorization: `Bearer ${target.upload_token}` },
      });
      expect(uploaded.statusCode).toBe(201);
    }
    // A bus: the person above takes a seat in it.
    [{ id: busId }] = await t.db.query<{ id: string }>(
      "INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus da Caminhada', 100, 1) RETURNING id",
    );
    helperCookie = await memberCookie(cookie, "Helena da Equipe");
    memberId = (await addMember(cookie, "Pedro Alvo")).member.id;
    [{ id: principalId }] = await t.db.query<{ id: number }>("SELECT id FROM admin_users WHERE principal");
    [{ id: helperId }] = await t.db.query<{ id: number }>("SELECT id FROM admin_users WHERE nome = 'Helena da Equipe'");
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addMember(by: string, nome: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/team",
      headers: { cookie: by },
      payload: { nome, papel: "equipe" },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { member: { id: number; login: string }; password: string };
  }

  /** A new Equipe person, logged in: their cookie. */
  async function memberCookie(by: string, nome: string): Promise<string> {
    const { member, password } = await addMember(by, nome);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/session",
      remoteAddress: nextIp(),
      payload: { login: member.login, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.cookies.find((k) => k.name === SESSION_COOKIE);
    return `${SESSION_COOKIE}=${set?.value}`;
  }

  /** The cookie cases: none of them is a valid session. */
  async function cookieCases(routeIndex: number) {
    return [
      { name: "no session", cookie: undefined },
      { name: "expired session", cookie: await expiredSessionCookie(t.db) },
      { name: "forged token", cookie: sessionCookie(newToken()) },
      { name: "garbage cookie", cookie: sessionCookie(GARBAGE_COOKIES[routeIndex % GARBAGE_COOKIES.length]) },
    ];
  }

  /** A request the route would serve for an admin; the walk varies only its cookie and origin headers. */
  function requestFor(r: WalkRoute, headers: Record<string, string>): InjectOptions {
    const id = r.url.startsWith("/api/buses/")
      ? busId
      : r.url.startsWith("/api/team/")
        ? String(memberId)
        : r.url.startsWith("/api/finance/")
          ? "1"
          : target.id;
    const url = r.url
      .replace(":id", r.url.startsWith("/api/mensagens/onibus/") ? busId : id)
      .replace(":version", "1")
      .replace(":ticket", "0b8e6c1a-2f4d-4e7a-9c3b-5d6e7f809a1b")
      .replace(":chave", r.url.startsWith("/api/mensagens/textos/") ? "lembrete_pagamento" : "local");
    const base = { method: r.method as InjectOptions["method"], url, remoteAddress: nextIp(), headers };
    const key = `${r.method} ${r.url}`;
    if (key === "POST /api/registrations") {
      return {
        ...base,
        payload: {
          nome_completo: "Pessoa da Caminhada",
          idade: 30,
          numero_responsavel: "11912345678",
          metodo_pagamento: "ESPECIE",
        },
      };
    }
    if (key === "POST /api/session") return { ...base, payload: { password: TEST_ADMIN_PASSWORD } };
    if (key === "PUT /api/mensagens/textos/:chave") return { ...base, payload: { texto: "Oi, {nome}!" } };
    if (key === "PUT /api/mensagens/onibus/:id/equipe") return { ...base, payload: { equipe_id: helperId } };
    if (key === "POST /api/mensagens/previa" || key === "POST /api/mensagens/listas")
      return { ...base, payload: busMessage() };
    if (key === "PUT /api/form-status") return { ...base, payload: { is_open: false } };
    if (key === "POST /api/registrations/acompanhantes") {
      const companion = { nome_completo: `Acompanhante Extra ${++companionCount}`, idade: 70, isento: true };
      return { ...base, payload: { ...companion, numero_responsavel: "11912345678" } };
    }
    if (key === "PUT /api/registrations/:id/prazo") return { ...base, payload: extension() };
    if (key === "POST /api/registrations/prazo") return { ...base, payload: { ids: [target.id], ...extension() } };
    if (key === "PATCH /api/registrations/:id") return { ...base, payload: { status_pagamento: "confirmado" } };
    if (key === "PUT /api/registrations/:id/seat") {
      // Where the person already is: a valid move that changes nothing.
      const here = { situacao: "vaga", onibus_id: busId };
      return { ...base, payload: { de: here, para: here } };
    }
    if (r.url === "/api/registrations/unpaid") return { ...base, url: `${url}?antes=2030-01-01T00:00:00Z` };
    if (key === "POST /api/registrations/release-unpaid") {
      return { ...base, payload: { antes: "2000-01-01T00:00:00Z", ids: [target.id] } };
    }
    if (key === "POST /api/boarding/marks") {
      const mark = { id: randomUUID(), inscricao_id: target.id, viagem: "ida", embarcou: true };
      return { ...base, payload: { marcas: [{ ...mark, feito_em: new Date().toISOString() }] } };
    }
    if (key === "POST /api/boarding/cash") return { ...base, payload: { inscricao_id: target.id } };
    if (key === "PUT /api/settings") return { ...base, payload: t.app.eventSettings.current() };
    if (key === "POST /api/team")
      return { ...base, payload: { nome: `Pessoa Extra ${++memberCount}`, papel: "equipe" } };
    if (key === "PATCH /api/team/:id") return { ...base, payload: { ativo: true } };
    if (key === "PUT /api/session/password")
      return { ...base, payload: { atual: "x".repeat(16), nova: "y".repeat(16) } };
    if (key === "POST /api/buses") return { ...base, payload: { nome: `Ônibus extra ${++busCount}`, lugares: 10 } };
    if (key === "PATCH /api/buses/:id") return { ...base, payload: { nome: "Ônibus da Caminhada", lugares: 90 } };
    if (r.url === "/api/finance/lines") return { ...base, url: `${url}?grupo=sugerida` };
    if (key === "POST /api/registrations/:id/adjust")
      return { ...base, payload: { valor_centavos: 1500, motivo: "Preço cheio" } };
    if (key === "PUT /api/registrations/:id/authorization") return { ...base, payload: { recebida: true } };
    if (key === "POST /api/finance/refunds/:id")
      return { ...base, payload: { estado: "sem_reembolso", motivo: "Doou o valor" } };
    if (key === "POST /api/finance/statements" || key === "POST /api/finance/expenses") {
      const body =
        key === "POST /api/finance/expenses"
          ? multipartBody([
              { name: "descricao", data: "Água" },
              { name: "valor_centavos", data: "500" },
              { name: "data", data: "2025-08-01" },
              { name: "categoria", data: "alimentacao" },
            ])
          : multipartBody([
              {
                name: "arquivo",
                filename: "extrato.csv",
                data: `Data,Valor,Identificador,Descrição\n01/08/2025,15.00,${randomUUID()},PIX\n`,
              },
            ]);
      return { ...base, payload: body.payload, headers: { ...body.headers, ...headers } };
    }
    if (key === "POST /api/finance/handovers")
      return { ...base, payload: { para: principalId, valor_centavos: 1, de: memberId } };
    if (key === "POST /api/registrations/:id/receipt") {
      const body = multipartBody([
        { name: "file", filename: "outro.jpg", contentType: "image/jpeg", data: JPEG_BYTES },
      ]);
      return { ...base, payload: body.payload, headers: { ...body.headers, ...headers } };
    }
    return base;
  }

  let companionCount = 0;
  /** "Prorrogar prazo" to a week from now. */
  const extension = () => ({ ate: new Date(Date.now() + 7 * 86_400_000).toISOString(), motivo: "Pediu mais uns dias" });

  /** A message to the walk's bus, which the helper takes care of: both roles may send it. */
  const busMessage = () => ({ grupo: "onibus", onibus_id: busId, texto_chave: "link_inscricao", texto: "Oi, {nome}!" });

  /** A row of a new list, ready to be opened. */
  async function messageRow(by: string): Promise<{ lista: string; linha: string }> {
    await t.db.query("UPDATE onibus SET equipe_id = $2 WHERE id = $1", [busId, helperId]);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/mensagens/listas",
      headers: { cookie: by },
      payload: busMessage(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const lista = (made.json() as { id: string }).id;
    const [row] = await t.db.query<{ id: string }>(
      "SELECT id FROM mensagem_linhas WHERE lista_id = $1 AND estado = 'aguardando' LIMIT 1",
      [lista],
    );
    return { lista, linha: row.id };
  }

  const targetRow = async () =>
    JSON.stringify(await t.db.query("SELECT * FROM registrations WHERE id = $1", [target.id]));

  it("knows every route of the app, and nothing it does not expect", () => {
    const inv = classifyInventory(t.app.routeInventory, DIST_DIR);
    expect(inv.unexpected, "routes missing from EXPECTED_ROUTES in route-table.ts").toEqual([]);
    expect(inv.missing, "routes in the table that the app no longer has").toEqual([]);
    expect(inv.headless).toEqual([]);
    expect(inv.staticFiles.length).toBeGreaterThan(0);
    expect(t.app.routeInventory.length).toBe(inv.walk.length + inv.staticFiles.length);
  });

  it("lets nobody without a valid session in, refuses cross-site writes, and leaks nothing", async () => {
    const { walk, staticFiles } = classifyInventory(t.app.routeInventory, DIST_DIR);
    const routes: WalkRoute[] = [
      ...walk.filter((r) => !r.rule.stream),
      ...staticFiles.map((r) => ({ ...r, rule: { access: "public" as const } })),
    ];
    const before = await targetRow();
    const failures: string[] = [];
    let checks = 0;

    for (const [i, r] of routes.entries()) {
      const fail = (c: string, why: string) => failures.push(`${r.method} ${r.url} [${c}]: ${why}`);
      const cases: { name: string; headers: Record<string, string>; crossSite: boolean }[] = [
        ...(await cookieCases(i)).map((c) => ({ name: c.name, headers: cookieHeader(c.cookie), crossSite: false })),
        ...(SAFE_METHODS.has(r.method)
          ? []
          : CROSS_SITE.map((c) => ({ name: c.name, headers: { ...c.headers, cookie }, crossSite: true }))),
      ];
      for (const c of cases) {
        checks++;
        const res = await t.app.inject(requestFor(r, c.headers));
        const leak = leakIn(injectText(res), secrets);
        if (leak) fail(c.name, `leaks "${leak}"`);
        if (res.statusCode >= 500) fail(c.name, `answered ${res.statusCode}`);
        if (res.headers["x-content-type-options"] !== "nosniff") fail(c.name, "no X-Content-Type-Options: nosniff");
        const cookies = res.cookies.filter((k) => k.name === SESSION_COOKIE && k.value !== "");
        const isLogin = r.method === "POST" && r.url === "/api/session" && !c.crossSite;
        if (cookies.length > 0 && !isLogin) fail(c.name, "handed out a session cookie");

        const expectStatus = (status: number, message?: string) => {
          if (res.statusCode !== status)
            fail(c.name, `expected ${status}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (message && r.method !== "HEAD" && errorMessage(res) !== message)
            fail(c.name, `expected "${message}", got ${res.body.slice(0, 120)}`);
        };
        if (c.crossSite && r.rule.sameOrigin) expectStatus(403, SESSION_MESSAGES.crossSite);
        else if (r.rule.access === "admin") expectStatus(401, SESSION_MESSAGES.invalid);
        else if (r.rule.access === "upload") expectStatus(401, RECEIPT_MESSAGES.noToken);
        else if (r.rule.access === "secret") expectStatus(403, MY_REGISTRATION_MESSAGES.badAccess);
        else if (r.rule.access === "page") expectStatus(200);
        else if (r.url === "/api/session" && r.method === "GET" && res.json().authenticated !== false)
          fail(c.name, "says authenticated");
      }
    }
    console.log(
      `route walk on ${kind}: ${routes.length} routes (${staticFiles.length} static files), ${checks} route × case checks`,
    );
    expect(failures).toEqual([]);

    // Nothing changed: no write went through, and the admin's own session survived the cross-site logout.
    expect(await targetRow()).toBe(before);
    expect((await t.app.inject("/api/form-status")).json().is_open).toBe(true);
    expect((await t.app.inject({ url: "/api/registrations/stats", headers: { cookie } })).statusCode).toBe(200);
  });

  it("an admin cookie is not an upload token, and one registration's token opens no other", async () => {
    const other = (
      await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: { ...SECRET_PERSON, nome_completo: "Outra Pessoa" },
      })
    ).json();
    const send = (headers: Record<string, string>) =>
      t.app.inject(
        requestFor({ method: "POST", url: "/api/registrations/:id/receipt", rule: { access: "upload" } }, headers),
      );
    const withCookie = await send({ cookie });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json()).toEqual({ error: RECEIPT_MESSAGES.noToken });
    const foreign = await send({ authorization: `Bearer ${other.upload_token}` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: RECEIPT_MESSAGES.wrongToken });
    const forged = await send({ authorization: `Bearer ${newToken()}` });
    expect(forged.statusCode).toBe(403);
  });

  /** A request the route serves for someone allowed, with `by`'s session. */
  let victims = 0;
  async function validRequest(r: WalkRoute, by: string): Promise<InjectOptions> {
    const victim = (
      await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        // A new person each time: one person registers once (caravana_nome_chave).
        payload: { ...SECRET_PERSON, nome_completo: `Vai Ser Apagada ${++victims}` },
      })
    ).json();
    const req = requestFor(r, { cookie: by });
    if (r.method === "DELETE" && r.url.startsWith("/api/buses/")) {
      const [empty] = await t.db.query<{ id: string }>(
        "INSERT INTO onibus (nome, lugares, ordem) VALUES ('Ônibus vazio', 5, 99) RETURNING id",
      );
      req.url = `/api/buses/${empty.id}`;
    } else if (r.method === "DELETE") req.url = `/api/registrations/${victim.id}`;
    if (r.method === "PUT" && r.url === "/api/form-status") req.payload = { is_open: true };
    if (r.url.startsWith("/api/finance/") && r.url.includes(":id"))
      req.url = r.url.replace(":id", await financeRow(r.url, victim.id));
    if (r.url === "/api/registrations/:id/adjust") req.url = `/api/registrations/${victim.id}/adjust`;
    if (r.url === "/api/registrations/:id/prazo") req.url = `/api/registrations/${victim.id}/prazo`;
    if (r.url === "/api/registrations/prazo") req.payload = { ...extension(), ids: [victim.id] };
    if (r.url === "/api/registrations/:id/liberar-vaga" || r.url === "/api/registrations/:id/devolver-vaga") {
      // A seat whose deadline passed long ago; "Devolver vaga" needs it released first.
      await t.db.query("UPDATE registrations SET prazo_pagamento = '2000-01-01' WHERE id = $1", [victim.id]);
      req.url = r.url.replace(":id", victim.id);
      if (r.url.endsWith("/devolver-vaga")) {
        const released = await t.app.inject({ ...req, url: `/api/registrations/${victim.id}/liberar-vaga` });
        expect(released.statusCode, released.body).toBe(200);
      }
    }
    if (r.url === "/api/registrations/:id/authorization") {
      // Only someone under 16 hands in a travel authorisation.
      const child = await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: {
          ...SECRET_PERSON,
          nome_completo: `Criança da Caminhada ${victims}`,
          idade: 12,
          consentimento: true,
          responsavel_nome: "Mãe da Caminhada",
          parentesco: "mae",
        },
      });
      expect(child.statusCode, child.body).toBe(201);
      req.url = `/api/registrations/${child.json().id}/authorization`;
    }
    if (r.url === "/api/finance/lines/:id/confirm") req.payload = { inscricao_id: victim.id };
    if (r.url.startsWith("/api/mensagens/listas/") || r.url.startsWith("/api/mensagens/linhas/")) {
      const { lista, linha } = await messageRow(by);
      req.url = r.url.replace(":id", r.url.startsWith("/api/mensagens/listas/") ? lista : linha);
    }
    if (r.url === "/api/finance/handovers") {
      // Cash in hand to hand over: Pedro's (Coordenação registering it) and the helper's own.
      for (const who of [memberId, helperId])
        await seedPaymentRecords(
          t.db,
          `INSERT INTO pagamentos (inscricao_id, tipo, valor_centavos, metodo, origem, recebido_por, registrado_por_nome)
           VALUES ($1, 'pagamento', 100, 'ESPECIE', 'painel', $2, 'teste')`,
          [victim.id, who],
        );
    }
    if (r.url.endsWith("/:version")) {
      // The walk's own uploads rotate the versions: take one that exists now.
      const [version] = await t.db.query<{ id: string }>(
        "SELECT id::text FROM receipts WHERE registration_id = $1 AND replaced_at IS NOT NULL LIMIT 1",
        [target.id],
      );
      req.url = `/api/registrations/${target.id}/receipts/${version.id}`;
    }
    if (r.url === "/api/session/password") {
      // One's own password: a person of their own, so the walking session lives on.
      const { member, password } = await addMember(cookie, `Troca Senha ${++memberCount}`);
      const login = await t.app.inject({
        method: "POST",
        url: "/api/session",
        remoteAddress: nextIp(),
        payload: { login: member.login, password },
      });
      const own = login.cookies.find((k) => k.name === SESSION_COOKIE);
      req.headers = { cookie: `${SESSION_COOKIE}=${own?.value}` };
      req.payload = { atual: password, nova: "uma-senha-nova-longa" };
    }
    return req;
  }

  /** The row a finance route acts on, made for it: a statement line, a handover, a refund, an expense. */
  async function financeRow(url: string, registrationId: string): Promise<string> {
    if (url.startsWith("/api/finance/lines/")) {
      const [{ id: imp }] = await t.db.query<{ id: string }>(
        "INSERT INTO extrato_importacoes (por_nome, arquivo, formato) VALUES ('teste', 'x.ofx', 'ofx') RETURNING id::text",
      );
      const [{ id }] = await t.db.query<{ id: string }>(
        `INSERT INTO extrato_linhas (chave, importacao_id, data, valor_centavos, estado)
         VALUES ($1, $2, '2025-08-01', 1500, 'sem_correspondencia') RETURNING id::text`,
        [randomUUID(), imp],
      );
      return id;
    }
    if (url.startsWith("/api/finance/handovers/")) {
      await seedPaymentRecords(
        t.db,
        `INSERT INTO pagamentos (inscricao_id, tipo, valor_centavos, metodo, origem, recebido_por, registrado_por_nome)
         VALUES ($1, 'pagamento', 100, 'ESPECIE', 'painel', $2, 'teste')`,
        [registrationId, memberId],
      );
      const [{ id }] = await t.db.query<{ id: string }>(
        "INSERT INTO entregas_dinheiro (de, para, valor_centavos) VALUES ($1, $2, 100) RETURNING id::text",
        [memberId, principalId],
      );
      return id;
    }
    if (url.startsWith("/api/finance/refunds/")) {
      const [{ id }] = await t.db.query<{ id: string }>(
        "INSERT INTO reembolsos (inscricao_id, nome, origem, valor_centavos) VALUES ($1, 'Alguém', 'exclusao', 1500) RETURNING id::text",
        [registrationId],
      );
      return id;
    }
    const [{ id }] = await t.db.query<{ id: string }>(
      `INSERT INTO despesas (descricao, valor_centavos, data, categoria, comprovante, comprovante_tipo, registrada_por_nome)
       VALUES ('Lanche', 100, '2025-08-01', 'alimentacao', $1, 'image/jpeg', 'teste') RETURNING id::text`,
      [JPEG_BYTES],
    );
    return id;
  }

  /** Served: a 2xx, or for "Abrir WhatsApp" the redirect to wa.me that a tap follows. */
  function expectServed(r: WalkRoute, res: LightMyRequestResponse) {
    const where = `${r.method} ${r.url}: ${res.body.slice(0, 200)}`;
    if (r.method === "GET" && r.url.endsWith("/whatsapp")) {
      expect(res.statusCode, where).toBe(302);
      expect(res.headers.location, where).toMatch(/^https:\/\/wa\.me\/55/);
    } else expect(res.statusCode, where).toBeLessThan(300);
  }

  // An edition's close empties the edition the other tests walk: it goes last, in a test of its own.
  const closesEdition = (r: WalkRoute) => r.url === "/api/editions/close" || r.url.startsWith("/api/editions/:id");

  it("answers Coordenação on every admin route (the 401s above are about the session)", async () => {
    const { walk } = classifyInventory(t.app.routeInventory, DIST_DIR);
    for (const r of walk.filter((w) => w.rule.access === "admin" && !closesEdition(w))) {
      const res = await t.app.inject(await validRequest(r, cookie));
      expectServed(r, res);
      if (r.method === "GET" && r.url === "/api/registrations")
        expect(res.body).toContain(SECRET_PERSON.numero_responsavel.replace(/\D/g, ""));
    }
  });

  it("answers the largest integers, in any number of a body and any numeric id of an address, with a 4xx in Portuguese", async () => {
    const { walk } = classifyInventory(t.app.routeInventory, DIST_DIR);
    const HUGE = [2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308];
    /** The body with one number replaced, for each number it holds (nested too). */
    const variants = (value: unknown): unknown[] => {
      if (typeof value === "number") return HUGE;
      if (Array.isArray(value))
        return value.flatMap((v, i) => variants(v).map((x) => value.map((y, j) => (j === i ? x : y))));
      if (value && typeof value === "object")
        return Object.entries(value).flatMap(([k, v]) => variants(v).map((x) => ({ ...value, [k]: x })));
      return [];
    };
    const failures: string[] = [];
    let tried = 0;
    for (const r of walk.filter((w) => w.rule.access === "admin" && !closesEdition(w))) {
      const req = requestFor(r, { cookie });
      const bodies =
        req.payload && typeof req.payload === "object" && !Buffer.isBuffer(req.payload) ? variants(req.payload) : [];
      const urls = /\/\d+(\/|$)/.test(req.url as string)
        ? ["2147483648", "99999999999999999999", "-1"].map((n) => (req.url as string).replace(/\/\d+(\/|$)/, `/${n}$1`))
        : [];
      for (const attempt of [
        ...bodies.map((payload) => ({ ...req, payload: payload as object })),
        ...urls.map((url) => ({ ...req, url })),
      ]) {
        tried++;
        const res = await t.app.inject(attempt);
        const what = `${r.method} ${attempt.url} ${JSON.stringify(attempt.payload ?? "")}`.slice(0, 200);
        if (res.statusCode < 400 || res.statusCode >= 500)
          failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (r.method !== "HEAD" && !/[ãçéêíóõú]|[A-Z][a-z]+ /.test(errorMessage(res) ?? ""))
          failures.push(`${what}: ${res.body.slice(0, 120)}`);
      }
    }
    expect(tried).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it("refuses Equipe every Coordenação route with 403, changing nothing, and answers the rest", async () => {
    const { walk } = classifyInventory(t.app.routeInventory, DIST_DIR);
    const admin = walk.filter((w) => w.rule.access === "admin");
    const snapshot = async () =>
      JSON.stringify([
        await t.db.query("SELECT * FROM registrations ORDER BY id"),
        await t.db.query("SELECT * FROM onibus ORDER BY id"),
        await t.db.query("SELECT id, nome, ativo, senha_hash FROM admin_users ORDER BY id"),
        await t.db.query("SELECT is_open FROM form_settings"),
      ]);
    const before = await snapshot();
    const forbidden = admin.filter((r) => !r.rule.equipe);
    expect(forbidden.length).toBeGreaterThan(10);
    for (const r of forbidden) {
      const res = await t.app.inject(requestFor(r, { cookie: helperCookie }));
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBe(403);
      if (r.method !== "HEAD") expect(errorMessage(res)).toBe(TEAM_MESSAGES.forbidden);
      expect(leakIn(injectText(res), secrets)).toBeNull();
    }
    expect(await snapshot()).toBe(before);

    for (const r of admin.filter((w) => w.rule.equipe)) {
      const res = await t.app.inject(await validRequest(r, helperCookie));
      expectServed(r, res);
    }
    // Marking a payment is Equipe's; editing the rest of a registration is not.
    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${target.id}`,
      headers: { cookie: helperCookie },
      payload: {
        nome_completo: "Nome Trocado",
        idade: SECRET_PERSON.idade,
        numero_responsavel: SECRET_PERSON.numero_responsavel,
        metodo_pagamento: SECRET_PERSON.metodo_pagamento,
        status_pagamento: "pendente",
      },
    });
    expect(edit.statusCode).toBe(403);
    expect(await targetRow()).not.toContain("Nome Trocado");
  });

  it("keeps registration events off every live stream without a valid session", async () => {
    const url = `${t.baseUrl}/api/events`;
    const attackers = await Promise.all(
      (await cookieCases(3)).map(async (c) => ({ ...c, stream: await openStream(url, c.cookie) })),
    );
    const admin = await openStream(url, cookie);
    try {
      for (const a of [...attackers.map((x) => x.stream), admin]) {
        expect(a.status).toBe(200);
        expect(a.contentType).toContain("text/event-stream");
        await expect.poll(() => a.count("event: form-status"), { timeout: 15_000 }).toBe(1);
      }
      const created = await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: { ...SECRET_PERSON, nome_completo: "Evento Sigilosa Ao Vivo" },
      });
      expect(created.statusCode).toBe(201);
      // The admin's stream gets the id only; the panel reads the row through the API.
      await expect.poll(() => admin.text(), { timeout: 15_000 }).toContain(created.json().id);
      expect(admin.text()).not.toContain("Evento Sigilosa Ao Vivo");
      // Frames go to every stream in order: once a later status change arrives, the insert would have too.
      for (const is_open of [false, true]) {
        const put = await t.app.inject({
          method: "PUT",
          url: "/api/form-status",
          payload: { is_open },
          headers: { cookie },
        });
        expect(put.statusCode).toBe(200);
      }
      for (const a of attackers) {
        await expect.poll(() => a.stream.count("event: form-status"), { timeout: 15_000 }).toBe(3);
        expect(a.stream.text(), a.name).not.toContain("registration-");
        expect(leakIn(a.stream.text(), secrets), a.name).toBeNull();
      }
      for (const c of await cookieCases(5)) {
        const head = await fetch(url, { method: "HEAD", headers: cookieHeader(c.cookie) });
        expect(head.status, c.name).toBe(200);
        await head.body?.cancel();
      }
      console.log(`route walk on ${kind}: /api/events GET and HEAD × ${attackers.length} cases over HTTP`);
    } finally {
      for (const a of attackers) a.stream.close();
      admin.close();
    }
  });
  it("answers Coordenação on the edition's close and on the closed edition's kept list", async () => {
    const { walk } = classifyInventory(t.app.routeInventory, DIST_DIR);
    const routes = walk.filter(closesEdition);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain("POST /api/editions/close");
    for (const r of routes) {
      const req = requestFor(r, { cookie });
      const [{ id }] = await t.db.query<{ id: number }>("SELECT id FROM edicoes WHERE encerrada_em IS NULL");
      if (r.url === "/api/editions/close")
        req.payload = {
          edicao_id: id,
          nome: `Próxima ${id}`,
          levar: { onibus: true, equipe: true, configuracoes: true },
          dados: "guardar",
        };
      else req.url = r.url.replace(":id", String(id - 1));
      const res = await t.app.inject(req);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });
});
