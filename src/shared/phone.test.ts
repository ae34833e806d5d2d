import { describe, expect, it } from "vitest";
import {
  isValidPhoneDigits,
  isValidWhatsappDigits,
  maskPhone,
  phoneDigits,
  whatsappDigits,
  whatsappShown,
} from "./phone";

describe("maskPhone", () => {
  it.each([
    ["", ""],
    ["9", "(9"],
    ["98", "(98"],
    ["989", "(98) 9"],
    ["9899", "(98) 99"],
    ["989999", "(98) 9999"],
    ["9899998", "(98) 9999-8"],
    ["9899998888", "(98) 9999-8888"],
    ["98999998888", "(98) 99999-8888"],
    ["989999988889999", "(98) 99999-8888"],
    ["(98) 99999-8888", "(98) 99999-8888"],
    ["abc98x9", "(98) 9"],
  ])("masks %j as %j", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it("keeps only digits", () => {
    expect(phoneDigits("(98) 99999-8888")).toBe("98999998888");
  });

  it("accepts 10 or 11 digits only", () => {
    expect(isValidPhoneDigits("9899998888")).toBe(true);
    expect(isValidPhoneDigits("98999998888")).toBe(true);
    expect(isValidPhoneDigits("989999888")).toBe(false);
    expect(isValidPhoneDigits("989999988881")).toBe(false);
  });

  it("keeps the coordination's WhatsApp as 12 or 13 digits, country code and DDD included", () => {
    expect(isValidWhatsappDigits("559899998888")).toBe(true);
    expect(isValidWhatsappDigits("5598999998888")).toBe(true);
    expect(isValidWhatsappDigits("98999998888")).toBe(false);
    expect(isValidWhatsappDigits("55989999988881")).toBe(false);
    expect(isValidWhatsappDigits("+5598999998888")).toBe(false);
  });
});

describe("whatsappShown", () => {
  it.each([
    ["5598981234567", "(98) 98123-4567"],
    ["559832345678", "(98) 3234-5678"],
    ["447911123456", "447911123456"],
    ["", ""],
  ])("shows %j as %j", (stored, shown) => {
    expect(whatsappShown(stored)).toBe(shown);
  });

  it("saves back what it shows", () => {
    expect(whatsappDigits(whatsappShown("5598981234567"))).toBe("5598981234567");
  });
});
