import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AMOUNT_MAX_CENTS, PixError, encodeBrCode, formatAmount } from "./brcode";
import { parseBrCode } from "./parse-brcode";
import { referenceCode } from "./reference-code";
import { CITY_MAX, NAME_MAX, sanitizeCity, sanitizeInfo, sanitizeName, sanitizeTxid } from "./sanitize";

// Each key arbitrary yields [as typed, as DICT stores it], the expectation
// written independently of checkPixKey.
const digits = (n: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: n, maxLength: n });
const keyArb = fc.oneof(
  fc
    .emailAddress({ size: "small" })
    .filter((e) => e.length <= 77)
    .map((e) => [e, e.toLowerCase()] as const),
  digits(11).map((d) => [d, d] as const),
  digits(11).map((d) => [`${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`, d] as const),
  digits(14).map((d) => [d, d] as const),
  fc.oneof(digits(10), digits(11)).map((d) => [`+55${d}`, `+55${d}`] as const),
  fc.uuid().map((u) => [u.toUpperCase(), u.toLowerCase()] as const),
);

// Names, cities and notes the way people type them: accents, emoji, symbols,
// odd spaces, other scripts, and sometimes far too long.
const piece = fc.oneof(
  fc.constantFrom("João", "Conceição", "Ñandú", "São Luís", "Itapecuru-Mirim", "Ü", "ß", "日本", "Ελλάδα"),
  fc.constantFrom("🙏", "👨‍👩‍👧", "🇧🇷", "—", "&", "!", "'", "  ", "\t", "\n", "º", "ª", "™", "\u0301", "\u00a0"),
  fc.string({ unit: "grapheme-ascii", maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 8 }),
);
const messy = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(" ")),
  fc.array(piece, { minLength: 20, maxLength: 60 }).map((parts) => parts.join("")),
);

const inputArb = fc.record({
  key: keyArb,
  name: messy,
  city: messy,
  amountCents: fc.option(fc.integer({ min: 1, max: AMOUNT_MAX_CENTS }), { nil: undefined }),
  info: fc.option(
    fc.oneof(
      messy,
      fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => referenceCode(() => b)),
    ),
    { nil: undefined },
  ),
  txid: fc.option(
    fc.oneof(
      messy,
      fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => referenceCode(() => b)),
    ),
    { nil: undefined },
  ),
});

const PLAIN_WORDS = /^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/;

describe("BR Code round trip (property)", () => {
  it("encodes to printable ASCII that parses back to the sanitised values with a valid CRC", () => {
    fc.assert(
      fc.property(inputArb, ({ key: [typedKey, storedKey], name, city, amountCents, info, txid }) => {
        const input = { key: typedKey, name, city, amountCents, info, txid };
        if (sanitizeName(name) === "" || sanitizeCity(city) === "") {
          expect(() => encodeBrCode(input)).toThrow(PixError);
          return;
        }
        const code = encodeBrCode(input);
        expect(code).toMatch(/^[\x20-\x7e]+$/);

        const parsed = parseBrCode(code); // throws on a bad CRC or malformed TLV
        expect(parsed.fields.map((f) => f.id)).toEqual([
          "00",
          "26",
          "52",
          "53",
          ...(amountCents === undefined ? [] : ["54"]),
          "58",
          "59",
          "60",
          "62",
          "63",
        ]);
        for (const f of parsed.fields) expect(f.value.length).toBeLessThanOrEqual(99);
        expect(parsed.fields[1].value.length).toBeLessThanOrEqual(99);

        expect(parsed.key).toBe(storedKey);
        expect(parsed.payloadFormat).toBe("01");
        expect(parsed.currency).toBe("986");
        expect(parsed.country).toBe("BR");
        expect(parsed.amount).toBe(amountCents === undefined ? undefined : formatAmount(amountCents));
        expect(parsed.amount ?? "").toMatch(/^(\d{1,10}\.\d{2})?$/);

        expect(parsed.name).toBe(sanitizeName(name));
        expect(parsed.name).toMatch(PLAIN_WORDS);
        expect(parsed.name.length).toBeLessThanOrEqual(NAME_MAX);
        expect(parsed.city).toBe(sanitizeCity(city));
        expect(parsed.city).toMatch(PLAIN_WORDS);
        expect(parsed.city).toBe(parsed.city.toUpperCase());
        expect(parsed.city.length).toBeLessThanOrEqual(CITY_MAX);

        expect(parsed.txid).toBe(sanitizeTxid(txid));
        expect(parsed.txid).toMatch(/^([A-Za-z0-9]{1,25}|\*\*\*)$/);

        const fullInfo = info === undefined ? "" : sanitizeInfo(info, 99);
        if (parsed.info !== undefined) {
          expect(parsed.info).toMatch(PLAIN_WORDS);
          expect(fullInfo.startsWith(parsed.info)).toBe(true);
        }
        // A reference code (7 chars) always fits next to a key of up to 66 chars.
        if (fullInfo !== "" && storedKey.length <= 99 - 18 - 4 - 4 - fullInfo.length)
          expect(parsed.info).toBe(fullInfo);
      }),
      { numRuns: 1500 },
    );
  });

  it("detects any single changed character", () => {
    fc.assert(
      fc.property(
        inputArb.filter((i) => sanitizeName(i.name) !== "" && sanitizeCity(i.city) !== ""),
        fc.nat(),
        fc.integer({ min: 0x20, max: 0x7e }),
        ({ key: [typedKey], ...rest }, at, charCode) => {
          const code = encodeBrCode({ ...rest, key: typedKey });
          const pos = at % code.length;
          fc.pre(code[pos] !== String.fromCharCode(charCode));
          // A lower-case CRC digit is the same CRC, not a change.
          fc.pre(!(pos >= code.length - 4 && code[pos].toLowerCase() === String.fromCharCode(charCode)));
          const changed = code.slice(0, pos) + String.fromCharCode(charCode) + code.slice(pos + 1);
          expect(() => parseBrCode(changed)).toThrow(PixError);
        },
      ),
      { numRuns: 500 },
    );
  });
});
