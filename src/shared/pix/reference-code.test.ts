import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFERENCE_ALPHABET, isReferenceCode, referenceCode, secureRandomBytes } from "./reference-code";

const fixed =
  (...bytes: number[]) =>
  () =>
    new Uint8Array(bytes);

describe("referenceCode", () => {
  it("maps bytes onto the alphabet after the JDJ prefix", () => {
    expect(referenceCode(fixed(5, 17, 1, 22))).toBe("JDJ7K3Q");
    expect(referenceCode(fixed(0, 0, 0, 0))).toBe("JDJ2222");
    expect(referenceCode(fixed(255, 31, 63, 32))).toBe("JDJZZZ2");
  });

  it("never uses 0, O, 1 or I", () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(32);
  });

  it("always gives a valid 7-char code", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 4 }), (bytes) => {
        const code = referenceCode(() => bytes);
        expect(code).toHaveLength(7);
        expect(isReferenceCode(code)).toBe(true);
      }),
    );
  });

  it("refuses a source that gives too few bytes", () => {
    expect(() => referenceCode(fixed(1, 2))).toThrow(/poucos bytes/);
  });

  it("draws from Web Crypto by default", () => {
    const codes = new Set(Array.from({ length: 50 }, () => referenceCode(secureRandomBytes)));
    for (const code of codes) expect(isReferenceCode(code)).toBe(true);
    expect(codes.size).toBeGreaterThan(40);
  });

  it.each(["JDJ7K3", "JDJ7K3QQ", "JDJ0K3Q", "jdj7k3q", "ABC7K3Q"])("rejects %j", (value) => {
    expect(isReferenceCode(value)).toBe(false);
  });
});
