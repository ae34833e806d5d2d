import { describe, expect, it } from "vitest";
import { crc16CcittFalse, crc16Hex } from "./crc16";

// Vectors from the CRC catalogue (CRC-16/IBM-3740, a.k.a. CCITT-FALSE) and
// Python's binascii.crc_hqx(data, 0xFFFF), an independent implementation.
describe("crc16CcittFalse", () => {
  it.each([
    ["123456789", 0x29b1],
    ["", 0xffff],
    ["A", 0xb915],
    ["315", 0x003b],
  ])("CRC of %j is %i", (input, expected) => {
    expect(crc16CcittFalse(input)).toBe(expected);
  });

  it("gives the same CRC for a string and its bytes", () => {
    expect(crc16CcittFalse(new TextEncoder().encode("123456789"))).toBe(0x29b1);
    expect(crc16CcittFalse(new Uint8Array([0]))).toBe(0xe1f0);
  });

  it("writes 4 upper-case hex digits, zero-padded", () => {
    expect(crc16Hex("123456789")).toBe("29B1");
    expect(crc16Hex("315")).toBe("003B");
    expect(crc16Hex("A")).toBe("B915");
  });
});
