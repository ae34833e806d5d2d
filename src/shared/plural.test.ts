import { describe, expect, it } from "vitest";
import { agree, plural } from "./plural";

describe("plural", () => {
  it("writes a count with the noun that agrees with it, 0 in the plural as Portuguese says it", () => {
    expect(plural(1, "pessoa", "pessoas")).toBe("1 pessoa");
    expect(plural(2, "pessoa", "pessoas")).toBe("2 pessoas");
    expect(plural(0, "marcação", "marcações")).toBe("0 marcações");
  });

  it("gives the verb or the phrase alone", () => {
    expect(`${agree(1, "Resta", "Restam")} ${plural(1, "vaga", "vagas")}`).toBe("Resta 1 vaga");
    expect(`${agree(3, "Resta", "Restam")} ${plural(3, "vaga", "vagas")}`).toBe("Restam 3 vagas");
  });
});
