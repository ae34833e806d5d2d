import { describe, expect, it } from "vitest";
import { randomBytesPooled } from "./secure-random";

describe("randomBytesPooled", () => {
  it("hands out each byte once, across refills, and leaves earlier draws as they were", () => {
    // 400 draws of 32 bytes span four 4 kB pools.
    const draws = Array.from({ length: 400 }, () => randomBytesPooled(32));
    const copies = draws.map((d) => d.toString("hex"));
    expect(draws.every((d) => d.length === 32)).toBe(true);
    // A reused pool would repeat a draw; 32 random bytes never repeat by chance.
    expect(new Set(copies).size).toBe(400);
    randomBytesPooled(4096);
    randomBytesPooled(100);
    expect(draws.map((d) => d.toString("hex"))).toEqual(copies);
  });

  it("draws sizes that do not fit the pool on their own", () => {
    const big = randomBytesPooled(10_000);
    expect(big.length).toBe(10_000);
    expect(new Set(big).size).toBeGreaterThan(200);
  });

  it("gives odd sizes their exact length, with no zero-filled tail", () => {
    for (const n of [1, 4, 7, 33]) expect(randomBytesPooled(n).length).toBe(n);
    // A pool handed out before it was filled would give zeros; a random 32-bit zero is a 1 in 4 billion chance.
    const zeros = Array.from({ length: 1000 }, () => randomBytesPooled(4).readUInt32LE(0)).filter((v) => v === 0);
    expect(zeros.length).toBeLessThan(2);
  });
});
