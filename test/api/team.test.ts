import { LOGIN_MESSAGES } from "../../src/shared/admin-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { TEAM_MESSAGES } from "../../src/shared/team";
import { adminCookie, startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";
import { openStream } from "../support/sse";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

describe.each(DB_KINDS)("people and roles on %s", (kind) => {
  let t: TestApp;
  let coord: string;
  let ip = 0;
  beforeAll(async () => {
    t = await startAdminTestApp(kind, { listen: true });
    coord = await adminCookie(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (payload: Record<string, unknown>, cookie = coord) =>
    t.app.inject({ method: "POST", url: "/api/team", headers: { cookie }, payload });
  const login = (loginName: string | undefined, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/session",
      remoteAddress: `10.55.0.${++ip}`,
      payload: loginName === undefined ? { password } : { login: loginName, password },
    });
  const cookieOf = (res: Awaited<ReturnType<typeof login>>) =>
    `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
  const whoIs = async (cookie: string) => (await t.app.inject({ url: "/api/session", headers: { cookie } })).json();
  const team = async () => (await t.app.inject({ url: "/api/team", headers: { cookie: coord } })).json();

  it("says who is logged in: the Coordenação account of ADMIN_PASSWORD", async () => {
    expect((await whoIs(coord)).user).toEqual({
      id: expect.any(Number),
      nome: "Coordenação",
      login: "coordenacao",
      papel: "coordenacao",
      principal: true,
    });
    // Typing the account's login or its name works as well as leaving it empty.
    expect((await login("coordenacao", TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login("Coordenação", TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it("adds a helper with a generated password shown once, who logs in by login or by name", async () => {
    const res = await add({ nome: "  Márcia Helena Souza ", papel: "equipe" });
    expect(res.statusCode).toBe(201);
    const { member, password } = res.json();
    expect(member).toMatchObject({ nome: "Márcia Helena Souza", login: "marcia.souza", papel: "equipe", ativo: true });
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    // Only a hash is kept.
    const [row] = await t.db.query<{ senha_hash: string }>("SELECT senha_hash FROM admin_users WHERE id = $1", [
      member.id,
    ]);
    expect(row.senha_hash).not.toContain(password);
    expect((await team()).map((m: { login: string }) => m.login)).toContain("marcia.souza");

    const byLogin = await login("marcia.souza", password);
    expect(byLogin.statusCode).toBe(200);
    expect(byLogin.json().user).toEqual({
      id: member.id,
      nome: "Márcia Helena Souza",
      login: "marcia.souza",
      papel: "equipe",
      principal: false,
    });
    expect((await login("Márcia Souza", password)).statusCode).toBe(200);
    // However she writes her own name: her first two names, the whole name, no accents, capitals.
    for (const typed of ["Márcia Helena", "marcia helena souza", "MÁRCIA HELENA SOUZA", " Marcia  Souza "])
      expect((await login(typed, password)).statusCode, typed).toBe(200);
    // Her first name alone, while she is the only Márcia of the team; never another's name.
    expect((await login("Márcia", password)).statusCode).toBe(200);
    expect((await login("Helena Souza", password)).statusCode).toBe(401);
    // The helper's password is not the coordination's, and the other way round.
    expect((await login(undefined, password)).statusCode).toBe(401);
    expect((await login("marcia.souza", TEST_ADMIN_PASSWORD)).statusCode).toBe(401);
    // With a login typed, either may be wrong; the Coordenação's password alone keeps the spec's words.
    expect((await login("ninguem", password)).json()).toEqual({
      error: "Usuário ou senha incorretos. Tente novamente.",
    });
    expect((await login("marcia.souza", "errada-errada")).json()).toEqual({
      error: "Usuário ou senha incorretos. Tente novamente.",
    });
    expect((await login(undefined, "errada-errada")).json()).toEqual({ error: "Senha incorreta. Tente novamente." });
  });

  it("a first name several people share asks for the whole name; four people with the same words each log in by theirs", async () => {
    const person = async (nome: string) => {
      const res = await add({ nome, papel: "equipe" });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { member: { login: string }; password: string };
    };
    const names = [
      "Carlos Eduardo Souza",
      "Carlos Eduardo",
      "Carlos Eduardo Souza Lima",
      "Carlos Eduardo Souza Lima Neto",
    ];
    const people = [];
    for (const nome of names) people.push(await person(nome));
    const several = await login("Carlos", people[0].password);
    expect(several.statusCode).toBe(401);
    expect(several.json()).toEqual({ error: LOGIN_MESSAGES.severalPeople });
    // Each one's whole name is theirs alone, even where another's name holds the same words and more.
    for (const [i, person] of people.entries()) {
      expect((await login(names[i], person.password)).statusCode, names[i]).toBe(200);
      expect((await login(person.member.login, person.password)).statusCode).toBe(200);
    }
    // A name that fits one of them only.
    expect((await login("Carlos Neto", people[3].password)).statusCode).toBe(200);
  });

  it("refuses a duplicate login, an empty, long or hidden-character name and an unknown role, changing nothing", async () => {
    const before = await team();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ nome: "Marcia Souza", papel: "equipe" }, 409, TEAM_MESSAGES.duplicateLogin("marcia.souza")],
      [{ nome: "   ", papel: "equipe" }, 400, TEAM_MESSAGES.nameRequired],
      [{ nome: "A".repeat(61), papel: "equipe" }, 400, TEAM_MESSAGES.nameLong],
      [{ nome: "Ana\u202eSouza", papel: "equipe" }, 400, TEAM_MESSAGES.nameHidden],
      [{ nome: "Ana Souza", papel: "admin" }, 400, TEAM_MESSAGES.roleInvalid],
      [{ nome: "Ana Souza" }, 400, TEAM_MESSAGES.roleInvalid],
    ];
    for (const [payload, status, error] of cases) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    expect(await team()).toEqual(before);
  });

  it("Desativar ends the helper's sessions at once, their open stream included, and their login", async () => {
    const { member, password } = (await add({ nome: "Davi Desativado", papel: "equipe" })).json();
    const cookie = cookieOf(await login(member.login, password));
    expect((await whoIs(cookie)).authenticated).toBe(true);
    const stream = await openStream(`${t.baseUrl}/api/events`, cookie);
    await stream.until((events) => events.some((e) => e.event === "form-status"));

    const off = await t.app.inject({
      method: "PATCH",
      url: `/api/team/${member.id}`,
      headers: { cookie: coord },
      payload: { ativo: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().ativo).toBe(false);
    const started = Date.now();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await whoIs(cookie)).authenticated).toBe(false);
    expect((await login(member.login, password)).statusCode).toBe(401);
  });

  it("a new password, by the coordination or by the person, ends that person's sessions", async () => {
    const { member, password } = (await add({ nome: "Rita Renovada", papel: "equipe" })).json();
    const first = cookieOf(await login(member.login, password));
    const reset = await t.app.inject({
      method: "POST",
      url: `/api/team/${member.id}/password`,
      headers: { cookie: coord },
    });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().password as string;
    expect(fresh).not.toBe(password);
    expect((await whoIs(first)).authenticated).toBe(false);
    expect((await login(member.login, password)).statusCode).toBe(401);

    const second = cookieOf(await login(member.login, fresh));
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: "/api/session/password", headers: { cookie: second }, payload });
    expect((await change({ atual: "errada-errada", nova: "minha-senha-nova" })).json()).toEqual({
      error: TEAM_MESSAGES.currentWrong,
    });
    expect((await change({ atual: fresh, nova: "curta" })).json()).toEqual({ error: TEAM_MESSAGES.newShort });
    expect((await change({ atual: fresh, nova: "minha-senha-nova" })).statusCode).toBe(204);
    expect((await whoIs(second)).authenticated).toBe(false);
    expect((await login(member.login, "minha-senha-nova")).statusCode).toBe(200);

    // The principal account's password is the server's.
    const own = await t.app.inject({
      method: "PUT",
      url: "/api/session/password",
      headers: { cookie: coord },
      payload: { atual: TEST_ADMIN_PASSWORD, nova: "outra-senha-qualquer" },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: TEAM_MESSAGES.principalPassword });
  });

  it("slows down guessing one's own current password as the login does, per person and per address", async () => {
    const { member, password } = (await add({ nome: "Gil Adivinha", papel: "equipe" })).json();
    const cookie = cookieOf(await login(member.login, password));
    const change = (atual: string, remoteAddress: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/session/password",
        headers: { cookie },
        remoteAddress,
        payload: { atual, nova: "minha-senha-nova" },
      });
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await change(`errada-${i}`, "10.77.0.1")).statusCode);
    // Five answered at once, then waits that grow (1 s, 2 s, 4 s…): most guesses are not even checked.
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(16);
    const refused = await change(password, "10.77.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Muitas tentativas de acesso\. Aguarde \d+ segundos? e tente de novo\.$/);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another address gains nothing: the person is counted too.
    expect((await change(password, "10.77.0.2")).statusCode).toBe(429);
    // The password was not changed by any of it.
    expect((await whoIs(cookie)).authenticated).toBe(true);
  });

  it("never leaves the caravan without an active Coordenação, not even through SQL", async () => {
    const [{ id: principalId }] = await t.db.query<{ id: number }>("SELECT id FROM admin_users WHERE principal");
    const self = await t.app.inject({
      method: "PATCH",
      url: `/api/team/${principalId}`,
      headers: { cookie: coord },
      payload: { ativo: false },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ error: TEAM_MESSAGES.notYourself });

    // A second coordinator may deactivate the first, but not the other way round once alone.
    const { member, password } = (await add({ nome: "Clara Coordena", papel: "coordenacao" })).json();
    const clara = cookieOf(await login(member.login, password));
    const offPrincipal = await t.app.inject({
      method: "PATCH",
      url: `/api/team/${principalId}`,
      headers: { cookie: clara },
      payload: { ativo: false },
    });
    expect(offPrincipal.statusCode).toBe(200);
    await expect(t.db.query("UPDATE admin_users SET ativo = false WHERE id = $1", [member.id])).rejects.toThrow(
      /ultima_coordenacao/,
    );
    await expect(t.db.query("UPDATE admin_users SET papel = 'equipe' WHERE id = $1", [member.id])).rejects.toThrow(
      /ultima_coordenacao/,
    );
    expect((await whoIs(clara)).user.login).toBe("clara.coordena");
    // Back as it was for the other tests.
    await t.db.query("UPDATE admin_users SET ativo = true WHERE principal");
    coord = await adminCookie(t.app);
  });
});
