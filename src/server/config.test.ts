import { describe, expect, it } from "vitest";
import { ConfigError, formatPrice, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has the spec's defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe("./data");
    expect(c.priceLabel).toBe("R$ 15,00");
    expect(c.priceCents).toBe(1500);
    expect(c.EVENT_DATE).toBe("16 de Agosto");
    expect(c.EVENT_TIME).toBe("A partir das 08h");
    expect(c.EVENT_CITY).toBe("Itapecuru-Mirim");
    expect(c.THANKS_MESSAGES).toHaveLength(6);
    expect(c.THANKS_MESSAGES.slice(0, 3)).toEqual([
      "Te esperamos em Itapecuru!",
      "Vamos juntos na Jornada!",
      "Cristo nos chama à missão!",
    ]);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("names each wrong variable", () => {
    const attempt = () => loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", THANKS_MESSAGES: "a|b" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: deve ser um número inteiro/);
    expect(attempt).toThrow(/DATABASE_URL: deve começar com postgres/);
    expect(attempt).toThrow(/THANKS_MESSAGES: separe exatamente seis/);
  });

  it("formats prices the Brazilian way", () => {
    expect(formatPrice(1500)).toBe("R$ 15,00");
    expect(formatPrice(123456)).toBe("R$ 1.234,56");
    expect(loadConfig({ REGISTRATION_PRICE: "20,50" }).priceLabel).toBe("R$ 20,50");
  });
});
