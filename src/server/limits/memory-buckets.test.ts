import { describe, expect, it } from "vitest";
import { MemoryBuckets } from "./memory-buckets";

describe("MemoryBuckets", () => {
  it("allows a burst of `limit`, then refills evenly over the window, per scope and client", () => {
    let now = 0;
    const b = new MemoryBuckets(() => now);
    const take = (client: string, scope = "inscricoes") => b.take({ scope, client, limit: 30, windowMs: 60_000 });
    for (let i = 0; i < 30; i++) expect(take("ip")).toBe(0);
    expect(take("ip")).toBe(2000); // one token every 2 s
    expect(take("ip", "comprovantes")).toBe(0);
    now += 2000;
    expect(take("ip")).toBe(0);
    expect(take("other")).toBe(0);
    now += 60_000;
    for (let i = 0; i < 30; i++) expect(take("ip")).toBe(0);
    expect(take("ip")).toBeGreaterThan(0);
  });
});
