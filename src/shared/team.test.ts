import { describe, expect, it } from "vitest";
import { loginFromName, loginMatches, resolveLogin } from "./team";

describe("the login, as a person writes their own name", () => {
  const maria = { nome: "Maria José da Silva", login: loginFromName("Maria José da Silva") };

  it("takes the login, the whole name, or the first name and more of it in order", () => {
    expect(maria.login).toBe("maria.silva");
    for (const typed of [
      "maria.silva",
      "Maria Silva",
      "Maria José",
      "maria jose da silva",
      "MARIA JOSÉ SILVA",
      " Maria  José ",
    ])
      expect(loginMatches(typed, maria), typed).toBe(true);
  });

  it("takes the first name alone: who it names is decided among the team (resolveLogin)", () => {
    expect(loginMatches("Maria", maria)).toBe(true);
  });

  it("refuses other names, or the words out of order", () => {
    for (const typed of ["", "José Silva", "Silva Maria", "Maria Souza", "maria.jose.silva.x"])
      expect(loginMatches(typed, maria), typed).toBe(false);
  });

  it("a one-word name is its own login", () => {
    expect(loginMatches("Coordenação", { nome: "Coordenação", login: "coordenacao" })).toBe(true);
  });
});

describe("who a login names among the team", () => {
  const member = (nome: string, principal = false) => ({ nome, login: loginFromName(nome), principal });
  const team = [
    member("Coordenação", true),
    member("Carlos Eduardo Souza"),
    member("Carlos Eduardo"),
    member("Carlos Souza Lima"),
    member("Ana Paula"),
  ];
  const who = (typed: string | undefined) => {
    const found = resolveLogin(typed, team);
    return found.kind === "found" ? found.member.nome : found.kind;
  };

  it("empty is the principal account; an exact login or whole name wins over a part that fits more people", () => {
    expect(who(undefined)).toBe("Coordenação");
    expect(who("  ")).toBe("Coordenação");
    expect(who("carlos.eduardo")).toBe("Carlos Eduardo");
    expect(who("Carlos Eduardo")).toBe("Carlos Eduardo");
    expect(who("carlos eduardo souza")).toBe("Carlos Eduardo Souza");
  });

  it("a part of a name fitting one person is that person; fitting several asks for more", () => {
    expect(who("Ana")).toBe("Ana Paula");
    expect(who("Carlos Lima")).toBe("Carlos Souza Lima");
    expect(who("Carlos")).toBe("several");
    expect(who("Carlos Souza")).toBe("several");
    expect(who("Beto")).toBe("none");
  });
});
