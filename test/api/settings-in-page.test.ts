import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicEventConfig } from "../../src/shared/api-types";
import type { EventSettings } from "../../src/shared/event-settings";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

/** Every sequence String.replace would read as a pattern, a trailing backslash, and the title's placeholder. */
const SPECIAL = ["$'", "$`", "$&", "$$", "$1", "$<x>", "{{eventTitle}}", "\\", '"', "</script>", "<!--app-config-->"];

const PAGES = ["/", "/obrigado", "/admin", "/admin/configuracoes", "/pagina-que-nao-existe"];

function configOf(html: string): PublicEventConfig {
  const match = html.match(/<script type="application\/json" id="app-config">(.*?)<\/script>/s);
  expect(match, "the page embeds the settings").not.toBeNull();
  return JSON.parse(match![1]);
}

describe.each(DB_KINDS)("settings written into the page on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startAdminTestApp(kind);
    cookie = await adminCookie(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (values: EventSettings) => {
    const res = await t.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie }, payload: values });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("keeps every page whole, and every value as typed, whatever the text settings hold", async () => {
    const { values } = (await t.app.inject({ url: "/api/settings", headers: { cookie } })).json() as {
      values: EventSettings;
    };
    const textKeys = ["titulo", "data", "horario", "local", "cidade", "aviso_membros"] as const;
    for (const special of SPECIAL) {
      const next: EventSettings = { ...values, mensagens: values.mensagens.map((m, i) => `${m} ${special} ${i}`) };
      for (const key of textKeys) next[key] = `${special} ${values[key]}`.slice(0, 40).trimEnd();
      // A title ending in a backslash, beside {{eventTitle}} elsewhere.
      if (special === "\\") next.titulo = "JDJ 2025 \\";
      await save(next);
      const api = (await t.app.inject("/api/config")).json() as PublicEventConfig;
      expect(api.eventTitle).toBe(next.titulo);
      expect(api.thanksMessages).toEqual(next.mensagens);
      expect(api.membersNotice).toBe(next.aviso_membros);
      for (const url of PAGES) {
        const page = await t.app.inject(url);
        expect(page.statusCode).toBe(url === "/pagina-que-nao-existe" ? 404 : 200);
        expect(configOf(page.body), `${url} with ${special}`).toEqual(api);
        // The title in <title> is the typed one, escaped for HTML.
        const title = page.body.match(/<title>(.*?)<\/title>/s)![1];
        expect(title).toContain(
          next.titulo.replace(/&/g, "&#38;").replace(/</g, "&#60;").replace(/>/g, "&#62;").replace(/"/g, "&#34;"),
        );
      }
    }
    // The panel still opens, so the mistake can be undone from it.
    await save(values);
    expect(configOf((await t.app.inject("/admin")).body).eventTitle).toBe(values.titulo);
  });
});
