import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFormStatus } from "../../src/server/registrations/form-status-repository";
import { HONEYPOT_MESSAGE } from "../../src/server/routes/registrations";
import { CONSENT_VERSION } from "../../src/shared/privacy";
import { startTestApp, type TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const valid = {
  nome_completo: "Ana Clara",
  idade: 16,
  numero_responsavel: "(98) 99999-8888",
  metodo_pagamento: "PIX",
  consentimento: true,
  responsavel_nome: "Maria Responsável",
  parentesco: "mae",
};

describe.each(DB_KINDS)("public routes on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/registrations", payload: body as object, headers });

  it("answers health once the database answers", async () => {
    const res = await t.app.inject("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("reports the form as open by default", async () => {
    const res = await t.app.inject("/api/form-status");
    expect(res.statusCode).toBe(200);
    expect(res.json().is_open).toBe(true);
  });

  it("stores a registration with digits only and status pendente", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ metodo_pagamento: "PIX" });
    expect(Object.keys(body).sort()).toEqual([
      "created_at",
      "id",
      "metodo_pagamento",
      "onibus_nome",
      "posicao_espera",
      "prazo_pagamento",
      "preco_centavos",
      "referencia",
      "situacao",
      "upload_token",
    ]);
    const [row] = await t.db.query<Record<string, unknown>>("SELECT * FROM registrations WHERE id = $1", [body.id]);
    expect(row).toMatchObject({
      nome_completo: "Ana Clara",
      idade: 16,
      numero_responsavel: "98999998888",
      status_pagamento: "pendente",
    });
  });

  it.each([
    [{ ...valid, nome_completo: "   " }, "Nome é obrigatório"],
    [{ ...valid, idade: "" }, "Idade é obrigatória"],
    [{ ...valid, idade: 3 }, "Idade mínima: 4 anos"],
    [{ ...valid, idade: 66 }, "Idade máxima: 65 anos"],
    [{ ...valid, idade: 10.5 }, "Idade deve estar entre 4 e 65 anos"],
    [{ ...valid, numero_responsavel: "" }, "Número é obrigatório"],
    [{ ...valid, numero_responsavel: "98 9999" }, "Número de telefone inválido"],
  ])("refuses %j with 400 and the spec's message", async (body, message) => {
    const before = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations");
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    const after = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM registrations");
    expect(after[0].n).toBe(before[0].n);
  });

  it("answers malformed JSON with a pt-BR 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: "{nome",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "O corpo da requisição não é um JSON válido." });
  });

  it("creates one registration for repeated submissions with one idempotency key", async () => {
    const key = randomUUID();
    const body = { ...valid, nome_completo: `Retry ${kind}` };
    const results = await Promise.all([post(body, { "idempotency-key": key }), post(body, { "idempotency-key": key })]);
    const again = await post(body, { "idempotency-key": key });
    for (const r of [...results, again]) expect(r.statusCode).toBe(201);
    const ids = new Set([...results, again].map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const rows = await t.db.query("SELECT id FROM registrations WHERE nome_completo = $1", [body.nome_completo]);
    expect(rows).toHaveLength(1);
    expect(again.headers["idempotent-replayed"]).toBe("true");
  });

  it("keeps one registration when a key comes back with a field fixed, holding the fix", async () => {
    const key = randomUUID();
    const first = await post({ ...valid, nome_completo: "Chave Com Erro" }, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    const res = await post({ ...valid, nome_completo: "Chave Corrigida" }, { "idempotency-key": key });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(first.json().id);
    const names = await t.db.query("SELECT nome_completo FROM registrations WHERE id = $1", [first.json().id]);
    expect(names).toEqual([{ nome_completo: "Chave Corrigida" }]);
  });

  it("refuses registrations with 409 while the form is closed", async () => {
    await writeFormStatus(t.db, false);
    try {
      const res = await post({ ...valid, nome_completo: "Fora do prazo" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "As inscrições para a JDJ 2025 estão encerradas." });
      expect(await t.db.query("SELECT 1 FROM registrations WHERE nome_completo = 'Fora do prazo'")).toHaveLength(0);
    } finally {
      await writeFormStatus(t.db, true);
    }
  });

  it("serves the app with the event config, and 404 for unknown pages", async () => {
    for (const path of ["/", "/obrigado", "/admin"]) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="pt-BR">');
      expect(res.body).toContain('"eventDate":"16 de Agosto"');
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    }
    const missing = await t.app.inject("/nao-existe");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('id="root"');
    const api = await t.app.inject("/api/nao-existe");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: "Rota não encontrada." });
  });
});

describe("per-client registration limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The real default (30 a minute per IP), not the harness's raised one.
    t = await startTestApp("pglite", { env: { REGISTRATION_RATE_LIMIT: "30" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets a church Wi-Fi's 30 registrations through, then answers 429 with a pt-BR message", async () => {
    const send = (i: number, ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/registrations",
        remoteAddress: ip,
        payload: { ...valid, nome_completo: `Grupo ${i}` },
      });
    for (let i = 0; i < 30; i++) expect((await send(i, "10.9.8.7")).statusCode).toBe(201);
    const over = await send(31, "10.9.8.7");
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: "Muitas inscrições enviadas desta rede em pouco tempo. Aguarde um minuto e tente de novo.",
    });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await send(32, "10.9.8.8")).statusCode).toBe(201);
  });
});

describe.each(DB_KINDS)("LGPD consent and honeypot on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (body: object) => t.app.inject({ method: "POST", url: "/api/registrations", payload: body });

  it("refuses a minor without the guardian's consent", async () => {
    const { consentimento: _, ...withoutConsent } = valid;
    const res = await post({ ...withoutConsent, idade: 15, nome_completo: "Menor Sem Autorização" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Para menores de 18 anos, o responsável precisa autorizar a inscrição." });
    expect(await t.db.query("SELECT 1 FROM registrations WHERE nome_completo = 'Menor Sem Autorização'")).toHaveLength(
      0,
    );
  });

  it("stores which consent text was accepted, and when", async () => {
    const before = Date.now();
    const res = await post({
      ...valid,
      idade: 15,
      nome_completo: "Menor Autorizado",
      consentimento: true,
      responsavel_nome: "Maria Responsável",
      parentesco: "mae",
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ consentimento_versao: string; consentimento_em: Date }>(
      "SELECT consentimento_versao, consentimento_em FROM registrations WHERE id = $1",
      [res.json().id],
    );
    expect(row.consentimento_versao).toBe(CONSENT_VERSION);
    expect(new Date(row.consentimento_em).getTime()).toBeGreaterThanOrEqual(before - 5000);
  });

  it("keeps no consent record for adults", async () => {
    const res = await post({ ...valid, idade: 30, nome_completo: "Adulto", consentimento: true });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ consentimento_versao: string | null }>(
      "SELECT consentimento_versao FROM registrations WHERE id = $1",
      [res.json().id],
    );
    expect(row.consentimento_versao).toBeNull();
  });

  it("refuses a filled honeypot and stores nothing", async () => {
    const res = await post({ ...valid, idade: 30, nome_completo: "Robô Apressado", website: "http://spam.example" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: HONEYPOT_MESSAGE });
    expect(await t.db.query("SELECT 1 FROM registrations WHERE nome_completo = 'Robô Apressado'")).toHaveLength(0);
  });
});
