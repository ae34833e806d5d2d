import { describe, expect, it } from "vitest";
import { nextEditionName } from "./editions";

describe("nextEditionName", () => {
  it("gives the next year, never the current name", () => {
    expect(nextEditionName("JDJ 2025")).toBe("JDJ 2026");
    expect(nextEditionName("JDJ 2026")).toBe("JDJ 2027");
    expect(nextEditionName("Caravana 2026 – Jornada")).toBe("Caravana 2027 – Jornada");
    expect(nextEditionName("Jornada Diocesana")).toBe("Jornada Diocesana (próxima)");
  });
});
