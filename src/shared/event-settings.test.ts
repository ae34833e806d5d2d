import { describe, expect, it } from "vitest";
import { BRAZIL_TIME_ZONES, timeZoneLabel } from "./dates";

describe("timeZoneLabel", () => {
  it("names Brazil's zones as people write them, with their accents", () => {
    expect(timeZoneLabel("America/Belem")).toBe("Belém");
    expect(timeZoneLabel("America/Sao_Paulo")).toBe("São Paulo");
    expect(timeZoneLabel("America/Cuiaba")).toBe("Cuiabá");
    expect(timeZoneLabel("America/Fortaleza")).toBe("Fortaleza");
    expect(timeZoneLabel("America/Porto_Velho")).toBe("Porto Velho");
    expect(timeZoneLabel("Europe/Lisbon")).toBe("Europe/Lisbon");
    for (const zone of BRAZIL_TIME_ZONES) expect(timeZoneLabel(zone)).not.toMatch(/[_/]/);
  });
});
