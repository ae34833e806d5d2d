import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationPage, RegistrationStats } from "../../src/shared/admin-api";
import { JPEG_BYTES, multipartBody } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const PASSWORD = "senha-de-teste-123";
const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

describe.each(DB_KINDS)("'Com comprovante' filter on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, string> = {};

  async function register(nome: string, metodo: "PIX" | "ESPECIE" = "PIX") {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: { nome_completo: nome, idade: 25, numero_responsavel: "98999998888", metodo_pagamento: metodo },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: string; upload_token: string };
    ids[nome] = created.id;
    return created;
  }

  async function upload(created: { id: string; upload_token: string }, data: Buffer, filename: string) {
    const body = multipartBody([{ name: "file", filename, data }]);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/registrations/${created.id}/receipt`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${created.upload_token}` },
    });
    expect(res.statusCode).toBe(201);
  }

  const get = (url: string) => t.app.inject({ url, headers: { cookie } });
  const list = async (query: string) => {
    const res = await get(`/api/registrations?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as RegistrationPage;
  };
  const names = (page: RegistrationPage) => page.items.map((r) => r.nome_completo).sort();

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ADMIN_PASSWORD: PASSWORD } });
    const login = await t.app.inject({ method: "POST", url: "/api/session", payload: { password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    cookie = String(login.headers["set-cookie"]).split(";")[0];

    await upload(await register("Ana Com Foto"), JPEG_BYTES, "foto.jpg");
    await upload(await register("Bruno Com PDF"), PDF_BYTES, "recibo.pdf");
    const paid = await register("Carla Paga Com Foto");
    await upload(paid, JPEG_BYTES, "foto.jpg");
    await register("Davi Sem Comprovante");
    await register("Elisa Em Espécie", "ESPECIE");
    await register("Fábio Paga Sem Comprovante");
    for (const nome of ["Carla Paga Com Foto", "Fábio Paga Sem Comprovante"]) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/registrations/${ids[nome]}`,
        payload: { status_pagamento: "confirmado" },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists only registrations with a receipt, paid or not", async () => {
    const page = await list("status=com_comprovante");
    expect(page.total).toBe(3);
    expect(names(page)).toEqual(["Ana Com Foto", "Bruno Com PDF", "Carla Paga Com Foto"]);
    expect(page.items.every((r) => r.has_receipt)).toBe(true);
    expect(page.items.find((r) => r.nome_completo === "Carla Paga Com Foto")?.status_pagamento).toBe("confirmado");
    expect(page.items.every((r) => /^JDJ[23456789A-HJ-NP-Z]{4}$/.test(r.referencia ?? ""))).toBe(true);
  });

  it("combines with the name search and the sort", async () => {
    const page = await list(`status=com_comprovante&q=${encodeURIComponent("foto")}&sort=nome`);
    expect(page.items.map((r) => r.nome_completo)).toEqual(["Ana Com Foto", "Carla Paga Com Foto"]);
    expect((await list("status=com_comprovante&q=davi")).total).toBe(0);
  });

  it("leaves the other filters and the counters as they were", async () => {
    expect((await list("status=todos")).total).toBe(6);
    expect(names(await list("status=confirmado"))).toEqual(["Carla Paga Com Foto", "Fábio Paga Sem Comprovante"]);
    expect((await list("status=pendente")).total).toBe(4);
    const stats = (await get("/api/registrations/stats")).json() as RegistrationStats;
    expect(stats).toEqual({ total: 6, pendentes: 4, confirmados: 2, pix: 5, especie: 1 });
  });

  it("a registration enters the filter when its first receipt arrives, and stays once when it is replaced", async () => {
    const late = await register("Gabi Envia Depois");
    expect((await list("status=com_comprovante")).total).toBe(3);
    await upload(late, JPEG_BYTES, "foto.jpg");
    await upload(late, PDF_BYTES, "outro.pdf");
    const page = await list("status=com_comprovante");
    expect(page.total).toBe(4);
    expect(names(page)).toContain("Gabi Envia Depois");
    const res = await t.app.inject({ method: "DELETE", url: `/api/registrations/${late.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect((await list("status=com_comprovante")).total).toBe(3);
  });

  it("applies to the exports too", async () => {
    const csv = (await get("/api/registrations/export.csv?status=com_comprovante&sort=nome")).rawPayload
      .subarray(3)
      .toString("utf8");
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(4); // header + 3
    expect(lines.slice(1).map((l) => l.split(";")[0].replace(/"/g, ""))).toEqual([
      "Ana Com Foto",
      "Bruno Com PDF",
      "Carla Paga Com Foto",
    ]);
    const xlsx = await get("/api/registrations/export.xlsx?status=com_comprovante");
    expect(xlsx.statusCode).toBe(200);
  });

  it("refuses an unknown filter with the pt-BR message", async () => {
    const res = await get("/api/registrations?status=comprovante");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Filtro de status inválido." });
  });
});
