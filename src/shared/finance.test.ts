import { describe, expect, it } from "vitest";
import { linePays } from "./finance";

describe("linePays", () => {
  it("pays one registration when the line covers what it owes, the excess being a refund", () => {
    expect(linePays(1500, [1500])).toBe(true);
    expect(linePays(2000, [1500])).toBe(true);
    expect(linePays(1000, [1500])).toBe(false);
    // A discount to R$ 10,00: the R$ 10,00 line pays it.
    expect(linePays(1000, [1000])).toBe(true);
  });

  it("pays several only with exactly their sum, and nobody with no registration", () => {
    expect(linePays(3000, [1500, 1500])).toBe(true);
    expect(linePays(3500, [1500, 1500])).toBe(false);
    expect(linePays(2500, [1500, 1500])).toBe(false);
    expect(linePays(1500, [])).toBe(false);
  });
});
