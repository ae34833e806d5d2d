import { describe, expect, it } from "vitest";
import { BRAZIL_TIME_ZONES, timeZoneLabel, timeZoneOption } from "./dates";

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

describe("timeZoneOption", () => {
  it("adds the zone's offset at that instant, so a city of another state still reads as its hour", () => {
    const at = new Date("2025-08-16T12:00:00Z");
    expect(timeZoneOption("America/Fortaleza", at)).toBe("Fortaleza (UTC−3)");
    expect(timeZoneOption("America/Noronha", at)).toBe("Fernando de Noronha (UTC−2)");
    expect(timeZoneOption("America/Manaus", at)).toBe("Manaus (UTC−4)");
    expect(timeZoneOption("Asia/Kolkata", at)).toBe("Asia/Kolkata (UTC+5:30)");
    expect(timeZoneOption("Asia/Kathmandu", at)).toBe("Asia/Kathmandu (UTC+5:45)");
  });
});
