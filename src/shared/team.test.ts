import { describe, expect, it } from "vitest";
import { loginFromName, loginMatches } from "./team";

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

  it("refuses the first name alone, other names, or the words out of order", () => {
    for (const typed of ["", "Maria", "José Silva", "Silva Maria", "Maria Souza", "maria.jose.silva.x"])
      expect(loginMatches(typed, maria), typed).toBe(false);
  });

  it("a one-word name is its own login", () => {
    expect(loginMatches("Coordenação", { nome: "Coordenação", login: "coordenacao" })).toBe(true);
  });
});
