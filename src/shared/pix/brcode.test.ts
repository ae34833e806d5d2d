import { describe, expect, it } from "vitest";
import { crc16Hex } from "./crc16";
import { AMOUNT_MAX_CENTS, PixError, encodeBrCode, formatAmount, infoRoom, tlv } from "./brcode";
import { parseBrCode, parseTlv } from "./parse-brcode";

// The central bank's published example ("Manual de Padrões para Iniciação do Pix").
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

// Further goldens, their CRCs computed independently with Python's
// binascii.crc_hqx(payload, 0xFFFF) over the hand-assembled TLV string.
const GOLDENS: Array<[string, Parameters<typeof encodeBrCode>[0], string]> = [
  [
    "default config, reference in 26/02",
    {
      key: "pix@juventudecatolicavg.com.br",
      name: "Juventude Católica VG",
      city: "Itapecuru-Mirim",
      amountCents: 1500,
      info: "JDJ7K3Q",
    },
    "00020126630014br.gov.bcb.pix0130pix@juventudecatolicavg.com.br0207JDJ7K3Q520400005303986540515.005802BR5921Juventude Catolica VG6015ITAPECURU MIRIM62070503***6304F028",
  ],
  [
    "default config, reference in the txid",
    {
      key: "pix@juventudecatolicavg.com.br",
      name: "Juventude Catolica VG",
      city: "ITAPECURU MIRIM",
      amountCents: 1500,
      txid: "JDJ7K3Q",
    },
    "00020126520014br.gov.bcb.pix0130pix@juventudecatolicavg.com.br520400005303986540515.005802BR5921Juventude Catolica VG6015ITAPECURU MIRIM62110507JDJ7K3Q6304FE6D",
  ],
  [
    "no reference",
    {
      key: "pix@juventudecatolicavg.com.br",
      name: "Juventude Catolica VG",
      city: "Itapecuru Mirim",
      amountCents: 1500,
    },
    "00020126520014br.gov.bcb.pix0130pix@juventudecatolicavg.com.br520400005303986540515.005802BR5921Juventude Catolica VG6015ITAPECURU MIRIM62070503***6304D20D",
  ],
  [
    "CPF key typed with punctuation, accents, thousands",
    { key: "123.456.789-09", name: "São João", city: "São Luís", amountCents: 123456, info: "Caravana JDJ!" },
    "00020126490014br.gov.bcb.pix0111123456789090212Caravana JDJ52040000530398654071234.565802BR5908Sao Joao6008SAO LUIS62070503***63042A0E",
  ],
  [
    "phone key, one cent",
    { key: "+55 (98) 99999-9999", name: "João", city: "SAO LUIS", amountCents: 1 },
    "00020126360014br.gov.bcb.pix0114+559899999999952040000530398654040.015802BR5904Joao6008SAO LUIS62070503***6304D1B1",
  ],
];

describe("encodeBrCode", () => {
  it("reproduces the central bank's example exactly (CRC 1D3D)", () => {
    const code = encodeBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", name: "Fulano de Tal", city: "BRASILIA" });
    expect(code).toBe(MANUAL_EXAMPLE);
  });

  it.each(GOLDENS)("golden: %s", (_title, input, expected) => {
    expect(encodeBrCode(input)).toBe(expected);
  });

  it("cuts the 26/02 info so field 26 stays within 99 chars, never the key", () => {
    const key = `${"a".repeat(50)}@exemplo.com.br`; // 65 chars: 99 - 18 - 69 - 4 = 8 chars left for info
    expect(infoRoom(key)).toBe(8);
    const parsed = parseBrCode(encodeBrCode({ key, name: "N", city: "C", info: "Inscrição JDJ7K3Q" }));
    expect(parsed.key).toBe(key);
    expect(parsed.info).toBe("Inscrica");
    expect(parsed.fields.find((f) => f.id === "26")?.value).toHaveLength(99);
  });

  it("leaves 26/02 out when the key fills field 26 or the info has no letters", () => {
    const key77 = `${"a".repeat(65)}@exemplo.com`;
    expect(infoRoom(key77)).toBe(0);
    expect(parseBrCode(encodeBrCode({ key: key77, name: "N", city: "C", info: "JDJ7K3Q" })).info).toBeUndefined();
    expect(parseBrCode(encodeBrCode({ key: "12345678909", name: "N", city: "C", info: "🙏!!" })).info).toBeUndefined();
  });

  it.each([
    [{ key: "fulano", name: "N", city: "C" }, /Chave PIX inválida/],
    [{ key: `${"a".repeat(66)}@exemplo.com`, name: "N", city: "C" }, /no máximo 77/],
    [{ key: "12345678909", name: "🙏 !!", city: "C" }, /Nome do recebedor/],
    [{ key: "12345678909", name: "N", city: "—" }, /Cidade do recebedor/],
    [{ key: "12345678909", name: "N", city: "C", amountCents: 0 }, /Valor do PIX inválido/],
    [{ key: "12345678909", name: "N", city: "C", amountCents: 15.5 }, /Valor do PIX inválido/],
    [{ key: "12345678909", name: "N", city: "C", amountCents: AMOUNT_MAX_CENTS + 1 }, /Valor do PIX inválido/],
  ])("refuses %j", (input, message) => {
    expect(() => encodeBrCode(input)).toThrow(PixError);
    expect(() => encodeBrCode(input)).toThrow(message);
  });
});

describe("formatAmount and tlv", () => {
  it("writes the amount with a dot and two decimals", () => {
    expect(formatAmount(1500)).toBe("15.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(100000)).toBe("1000.00");
    expect(formatAmount(AMOUNT_MAX_CENTS)).toBe("9999999999.99");
  });

  it("writes 2-digit lengths and refuses a value over 99", () => {
    expect(tlv("58", "BR")).toBe("5802BR");
    expect(tlv("62", "")).toBe("6200");
    expect(() => tlv("26", "x".repeat(100))).toThrow(PixError);
    expect(() => tlv("5", "BR")).toThrow(PixError);
  });
});

describe("parseBrCode", () => {
  it("reads the central bank's example", () => {
    expect(parseBrCode(MANUAL_EXAMPLE)).toMatchObject({
      payloadFormat: "01",
      key: "123e4567-e12b-12d1-a456-426655440000",
      info: undefined,
      merchantCategory: "0000",
      currency: "986",
      amount: undefined,
      country: "BR",
      name: "Fulano de Tal",
      city: "BRASILIA",
      txid: "***",
      crc: "1D3D",
    });
  });

  it("reads amount, info and txid", () => {
    const parsed = parseBrCode(GOLDENS[0][2]);
    expect(parsed).toMatchObject({ amount: "15.00", info: "JDJ7K3Q", txid: "***", city: "ITAPECURU MIRIM" });
    expect(parseBrCode(GOLDENS[1][2])).toMatchObject({ info: undefined, txid: "JDJ7K3Q" });
    expect(parsed.fields.map((f) => f.id)).toEqual(["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
  });

  it("accepts a lower-case CRC", () => {
    expect(parseBrCode(MANUAL_EXAMPLE.replace(/1D3D$/, "1d3d")).crc).toBe("1d3d");
  });

  it.each([
    ["a wrong CRC", MANUAL_EXAMPLE.replace(/1D3D$/, "1D3E"), /CRC do código PIX não confere/],
    ["a changed name", MANUAL_EXAMPLE.replace("Fulano", "Fulana"), /CRC do código PIX não confere/],
    ["no CRC", MANUAL_EXAMPLE.slice(0, -8), /sem CRC/],
    ["a cut code", MANUAL_EXAMPLE.slice(0, 40), /termina no meio/],
    ["text that is not TLV", "Pix: pague aqui", /malformado na posição 0/],
    ["an empty string", "", /sem CRC/],
  ])("refuses %s", (_title, code, message) => {
    expect(() => parseBrCode(code)).toThrow(message);
  });

  it("refuses a code without the PIX account", () => {
    const body = `000201${tlv("26", tlv("00", "br.com.outro") + tlv("01", "x"))}5204000053039865802BR5901N6001C6304`;
    expect(() => parseBrCode(body + crc16Hex(body))).toThrow(/sem conta PIX/);
  });

  it("splits nested TLV", () => {
    expect(parseTlv("0503***0100")).toEqual([
      { id: "05", value: "***" },
      { id: "01", value: "" },
    ]);
  });
});
