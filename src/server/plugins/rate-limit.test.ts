import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./rate-limit";

describe("TokenBuckets", () => {
  it("allows a burst of `limit`, then refills evenly over the window", () => {
    let now = 0;
    const b = new TokenBuckets({ limit: 30, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 30; i++) expect(b.take("ip")).toBe(0);
    expect(b.take("ip")).toBe(2000); // one token every 2 s
    now += 2000;
    expect(b.take("ip")).toBe(0);
    expect(b.take("other")).toBe(0);
    now += 60_000;
    for (let i = 0; i < 30; i++) expect(b.take("ip")).toBe(0);
    expect(b.take("ip")).toBeGreaterThan(0);
  });
});
