import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./sha256";

describe("sha256Hex", () => {
  it("gives Node's SHA-256 for empty, short, block-edge, long and non-ASCII inputs", () => {
    const inputs = ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "x".repeat(1000), "Inscrição: ação ☺"];
    for (const input of inputs) expect(sha256Hex(input)).toBe(createHash("sha256").update(input).digest("hex"));
  });
});
