import { describe, expect, it } from "vitest";
import { NO_TXID, plainAscii, sanitizeCity, sanitizeInfo, sanitizeName, sanitizeTxid } from "./sanitize";

describe("PIX text sanitising", () => {
  it.each([
    ["Fulano de Tal", "Fulano de Tal"],
    ["  João   da  Silva ", "Joao da Silva"],
    ["Conceição Araújo Ñandú", "Conceicao Araujo Nandu"],
    ["Juventude 🙏 Católica!", "Juventude Catolica"],
    ["D'Ávila & Cia.", "D Avila Cia"],
    ["日本", ""],
  ])("plainAscii(%j) is %j", (input, expected) => {
    expect(plainAscii(input)).toBe(expected);
  });

  it("keeps the name's case and cuts it at 25 chars without a trailing space", () => {
    expect(sanitizeName("Juventude Católica VG")).toBe("Juventude Catolica VG");
    expect(sanitizeName("Associação Juventude Católica de Vargem Grande")).toBe("Associacao Juventude Cato");
    expect(sanitizeName("Paroquia Nossa Senhora da Conceicao")).toBe("Paroquia Nossa Senhora da");
    expect(sanitizeName("Paroquia Nossa Senhora da Conceicao")).toHaveLength(25);
    expect(sanitizeName("Paroquia Nossa Senhora de Fatima")).toBe("Paroquia Nossa Senhora de");
    expect(sanitizeName("Abcdefghijklmnopqrstuvwx yz")).toBe("Abcdefghijklmnopqrstuvwx");
  });

  it("upper-cases the city and cuts it at 15 chars", () => {
    expect(sanitizeCity("Itapecuru-Mirim")).toBe("ITAPECURU MIRIM");
    expect(sanitizeCity("São Luís")).toBe("SAO LUIS");
    expect(sanitizeCity("Santa Rita do Passa Quatro")).toBe("SANTA RITA DO P");
    expect(sanitizeCity("Brasília")).toBe("BRASILIA");
  });

  it("cuts the additional info to the room given", () => {
    expect(sanitizeInfo("Inscrição JDJ7K3Q", 30)).toBe("Inscricao JDJ7K3Q");
    expect(sanitizeInfo("Inscrição JDJ7K3Q", 10)).toBe("Inscricao");
    expect(sanitizeInfo("JDJ7K3Q", 0)).toBe("");
  });

  it("keeps only letters and digits in the txid, at most 25, else ***", () => {
    expect(sanitizeTxid(undefined)).toBe(NO_TXID);
    expect(sanitizeTxid("***")).toBe("***");
    expect(sanitizeTxid("")).toBe("***");
    expect(sanitizeTxid("🙏 -- !")).toBe("***");
    expect(sanitizeTxid("JDJ-7K3Q")).toBe("JDJ7K3Q");
    expect(sanitizeTxid("Inscrição nº 12")).toBe("Inscricaon12");
    expect(sanitizeTxid("A".repeat(40))).toBe("A".repeat(25));
  });

  it("is idempotent", () => {
    for (const s of ["Joao da Silva ", "Santa Rita do Passa Quatro", "D'Ávila & Cia."]) {
      expect(sanitizeName(sanitizeName(s))).toBe(sanitizeName(s));
      expect(sanitizeCity(sanitizeCity(s))).toBe(sanitizeCity(s));
      expect(sanitizeTxid(sanitizeTxid(s))).toBe(sanitizeTxid(s));
    }
  });
});
