import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/shared/registration-schema";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const NFC = "José Conceição";
const NFD = NFC.normalize("NFD");

describe.each(DB_KINDS)("names on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startAdminTestApp(kind);
    cookie = await adminCookie(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (nome_completo: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: { nome_completo, idade: 20, numero_responsavel: "98988887777", metodo_pagamento: "PIX" },
    });
  const search = async (q: string) =>
    (await t.app.inject({ url: `/api/registrations?q=${encodeURIComponent(q)}`, headers: { cookie } }))
      .json()
      .items.map((r: { nome_completo: string }) => r.nome_completo) as string[];

  it("stores one form of a name, and finds it whichever form the search is typed in", async () => {
    expect(NFD).not.toBe(NFC);
    expect((await register(NFD)).statusCode).toBe(201);
    const [row] = await t.db.query<{ nome_completo: string }>(
      "SELECT nome_completo FROM registrations WHERE nome_busca LIKE '%conceicao%'",
    );
    expect(row.nome_completo).toBe(NFC);
    expect(await search("José")).toEqual([NFC]);
    expect(await search("José".normalize("NFD"))).toEqual([NFC]);
  });

  it("refuses control, bidi-override and zero-width characters with a pt-BR message, and keeps emoji", async () => {
    for (const hidden of [
      "Maria\u202Eavlis",
      "Ana\u200BLima",
      "Bia\nMelo",
      "Caio\u2066Nunes\u2069",
      "Davi\u200DReis",
    ]) {
      const res = await register(hidden);
      expect(res.statusCode, JSON.stringify(hidden)).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.nameHidden });
    }
    expect((await register("Família 👨‍👩‍👧 Souza")).statusCode).toBe(201);
    const bus = await t.app.inject({
      method: "POST",
      url: "/api/buses",
      headers: { cookie },
      payload: { nome: "Ônibus\u202E 1", lugares: 10 },
    });
    expect(bus.statusCode).toBe(400);
  });
});
