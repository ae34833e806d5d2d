import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicEventConfig } from "../../src/shared/api-types";
import { type EventSettings, SETTINGS_MESSAGES, type SettingsView } from "../../src/shared/event-settings";
import { parseBrCode } from "../../src/shared/pix/parse-brcode";
import { registrationBrCode } from "../../src/shared/pix/registration-pix";
import { ConfigError } from "../../src/server/config";
import { seedSettings } from "../../src/server/settings/settings-repository";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import { openStream } from "../support/sse";
import type { TestApp } from "../support/test-app";
import { DB_KINDS, freshDatabaseEnv } from "../support/test-database";

const PERSON = { idade: 20, numero_responsavel: "(98) 97777-1234", metodo_pagamento: "PIX" };

describe.each(DB_KINDS)("event settings on %s", (kind) => {
  let t: TestApp;
  let coord: string;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let ip = 0;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv(kind);
    env = fresh.env;
    cleanup = fresh.cleanup;
    t = await startAdminTestApp(kind, { env, listen: true });
    coord = await adminCookie(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await cleanup?.();
  });

  const config = async () => (await t.app.inject("/api/config")).json() as PublicEventConfig;
  const view = async () =>
    (await t.app.inject({ url: "/api/settings", headers: { cookie: coord } })).json() as SettingsView;
  const put = (values: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie: coord }, payload: values });
  const register = async (nome: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        remoteAddress: `10.88.0.${++ip}`,
        payload: { ...PERSON, nome_completo: nome },
      })
    ).json() as { id: string; referencia: string; preco_centavos: number };

  it("starts from the environment's values", async () => {
    const v = await view();
    expect(v.values).toEqual(v.defaults);
    expect(v.saved).toEqual([]);
    expect(v.values).toMatchObject({
      preco_centavos: 1500,
      titulo: "JDJ 2025",
      pix_chave: "pix@juventudecatolicavg.com.br",
    });
    expect(v.values.mensagens).toHaveLength(6);
    expect((await config()).price).toBe("R$ 15,00");
  });

  it("refuses an invalid PIX key, a price of 0 or over R$ 10.000,00, and other than six messages, changing nothing", async () => {
    const before = await view();
    const good = before.values;
    const cases: [Partial<Record<keyof EventSettings, unknown>>, string][] = [
      [{ pix_chave: "fulano" }, "Chave PIX inválida: use e-mail, CPF, CNPJ, telefone +55 ou chave aleatória."],
      [{ preco_centavos: "0,00" }, SETTINGS_MESSAGES.price],
      [{ preco_centavos: "10.000,01" }, SETTINGS_MESSAGES.price],
      [{ mensagens: good.mensagens.slice(0, 5) }, SETTINGS_MESSAGES.messages],
      [{ mensagens: [...good.mensagens, "Sétima"] }, SETTINGS_MESSAGES.messages],
      [{ local: "" }, SETTINGS_MESSAGES.required],
      [{ whatsapp: "98 9999" }, SETTINGS_MESSAGES.whatsapp],
      [{ fuso_horario: "Marte/Base_Alfa" }, SETTINGS_MESSAGES.timeZone],
      // Node still knows this old name; PostgreSQL, which ends every deadline in the zone, does not.
      [{ fuso_horario: "US/Pacific-New" }, SETTINGS_MESSAGES.timeZone],
    ];
    for (const [change, error] of cases) {
      const res = await put({ ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect(await view()).toEqual(before);
    // The WhatsApp number as people write it, kept in one form.
    for (const typed of ["(98) 98123-4567", "+55 (98) 98123-4567", "5598981234567", "98 98123 4567"]) {
      const res = await put({ ...good, whatsapp: typed });
      expect(res.statusCode, typed).toBe(200);
      expect((res.json() as SettingsView).values.whatsapp, typed).toBe("5598981234567");
    }
    // "Restaurar padrão": the tests below start from the environment's number.
    const restored = await t.app.inject({
      method: "DELETE",
      url: "/api/settings/whatsapp",
      headers: { cookie: coord },
    });
    expect(restored.statusCode).toBe(200);
    // The highest price is accepted.
    expect((await put({ ...good, preco_centavos: "10.000,00" })).statusCode).toBe(200);
    expect((await put({ ...good, preco_centavos: 1500 })).statusCode).toBe(200);
  });

  it("refuses to start with a time zone from the environment that PostgreSQL does not know", async () => {
    const defaults = { ...t.app.eventSettings.defaults, fuso_horario: "US/Pacific-New" };
    await expect(seedSettings(t.db, defaults)).rejects.toThrow(
      new ConfigError(
        "EVENT_TIME_ZONE: o PostgreSQL não conhece o fuso US/Pacific-New; use um fuso IANA, por exemplo America/Fortaleza",
      ),
    );
    expect((await view()).values.fuso_horario).toBe("America/Fortaleza");
  });

  it("a new place and price reach open pages live; an older registration keeps its own amount", async () => {
    const older = await register("Ana Antes");
    expect(older.preco_centavos).toBe(1500);
    const stream = await openStream(`${t.baseUrl}/api/events`);
    await stream.until((events) => events.some((e) => e.event === "form-status"));

    const { values } = await view();
    const res = await put({ ...values, local: "Ginásio Novo, Itapecuru-Mirim - MA", preco_centavos: "20,00" });
    expect(res.statusCode).toBe(200);
    expect((res.json() as SettingsView).saved.sort()).toEqual(["local", "preco_centavos"]);
    await stream.until((events) => events.some((e) => e.event === "settings-changed"));
    await stream.close();
    const page = await config();
    expect(page).toMatchObject({
      eventPlace: "Ginásio Novo, Itapecuru-Mirim - MA",
      price: "R$ 20,00",
      priceCents: 2000,
    });
    // The page's HTML carries the new values too.
    expect((await t.app.inject("/")).body).toContain("Ginásio Novo");

    const newer = await register("Bia Depois");
    expect(newer.preco_centavos).toBe(2000);
    // Each PIX code carries its own registration's amount.
    expect(
      parseBrCode(registrationBrCode({ ...page, priceCents: older.preco_centavos }, older.referencia)).amount,
    ).toBe("15.00");
    const csv = (await t.app.inject({ url: "/api/registrations/export.csv", headers: { cookie: coord } })).body;
    expect(csv).toContain('"Valor"');
    expect(csv.split("\r\n").find((l) => l.includes("Ana Antes"))).toContain('"R$ 15,00"');
    expect(csv.split("\r\n").find((l) => l.includes("Bia Depois"))).toContain('"R$ 20,00"');

    // The log says who changed what, before and after.
    const [entry] = await t.db.query<{ ator_nome: string; antes: unknown; depois: unknown; resumo: string }>(
      "SELECT ator_nome, antes, depois, resumo FROM activity_log WHERE tipo = 'configuracoes.alterada' AND resumo LIKE '%local%'",
    );
    expect(entry).toMatchObject({
      ator_nome: "Coordenação",
      antes: { local: "Área Pastoral da Paróquia, Itapecuru-Mirim - MA" },
      depois: { local: "Ginásio Novo, Itapecuru-Mirim - MA" },
    });
  });

  it("'Restaurar padrão' brings a field back to the environment; a saved value wins over the environment at the next start", async () => {
    const restored = await t.app.inject({
      method: "DELETE",
      url: "/api/settings/preco_centavos",
      headers: { cookie: coord },
    });
    expect(restored.statusCode).toBe(200);
    expect((restored.json() as SettingsView).values.preco_centavos).toBe(1500);
    expect((restored.json() as SettingsView).saved).toEqual(["local"]);
    expect((await config()).price).toBe("R$ 15,00");
    const unknown = await t.app.inject({ method: "DELETE", url: "/api/settings/senha", headers: { cookie: coord } });
    expect(unknown.statusCode).toBe(400);

    // A restart with other values in the environment.
    await t.app.close();
    await t.db.close();
    t = await startAdminTestApp(kind, {
      env: { ...env, EVENT_PLACE: "Outro Lugar do Ambiente", REGISTRATION_PRICE: "17,00" },
      listen: true,
    });
    coord = await adminCookie(t.app);
    const page = await config();
    expect(page.eventPlace).toBe("Ginásio Novo, Itapecuru-Mirim - MA");
    expect(page.price).toBe("R$ 17,00");
  });

  it("the members' notice names the group set in 'Configurações', until the coordination writes its own", async () => {
    expect((await config()).membersNotice).toBe("Este formulário é exclusivo para membros da Juventude Católica VG.");
    expect((await put({ ...(await view()).values, grupo_nome: "Grupo Jovem Shalom" })).statusCode).toBe(200);
    expect((await config()).membersNotice).toBe("Este formulário é exclusivo para membros do Grupo Jovem Shalom.");
    const own = "Só para quem participa dos encontros de sábado.";
    expect(
      (await put({ ...(await view()).values, aviso_membros: own, grupo_nome: "Pastoral da Juventude" })).statusCode,
    ).toBe(200);
    expect((await config()).membersNotice).toBe(own);
  });
});
