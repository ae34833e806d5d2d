import { describe, expect, it } from "vitest";
import { initials } from "./anonymise-log";

describe("initials", () => {
  it.each([
    ["Maria José da Silva", "M. J. S."],
    ["  joão   dos santos ", "J. S."],
    ["Ângela", "Â."],
    ["<script>alert(1)</script>", "S."],
    ["Zoë 🙏 d'Ávila", "Z. D."],
    ["", "?"],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
