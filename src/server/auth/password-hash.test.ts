import { describe, expect, it } from "vitest";
import { PASSWORD_HASH_COST_DEFAULT } from "../config-values";
import {
  DECOY_HASH,
  decoyHash,
  generatePassword,
  hashPassword,
  isPasswordHash,
  scryptRunning,
  verifyPassword,
} from "./password-hash";

const COST = PASSWORD_HASH_COST_DEFAULT;

describe("password hashing", () => {
  it("stores scrypt with its parameters and a random salt, never the password", async () => {
    const a = await hashPassword("uma senha longa", COST);
    const b = await hashPassword("uma senha longa", COST);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("senha");
    expect(isPasswordHash(a)).toBe(true);
  });

  it("keeps a decoy for unknown logins at the full cost of a stored hash, matching no password typed", async () => {
    const stored = await hashPassword("uma senha longa", COST);
    expect(isPasswordHash(DECOY_HASH)).toBe(true);
    // The same N, r and p as a hash made today, so checking against it takes as long as a real check.
    expect(DECOY_HASH.split("$").slice(0, 4)).toEqual(stored.split("$").slice(0, 4));
    expect(await verifyPassword("senha-de-teste-123", DECOY_HASH)).toBe(false);
    expect(await verifyPassword("login-desconhecido", DECOY_HASH)).toBe(false);
    expect(await decoyHash(COST)).toBe(DECOY_HASH);
  });

  it("follows a lower cost given by the tests' config, the decoy included, and still checks by the stored cost", async () => {
    const cheap = await hashPassword("uma senha longa", 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword("uma senha longa", cheap)).toBe(true);
    expect(await verifyPassword("uma senha longa ", cheap)).toBe(false);
    const decoy = await decoyHash(10);
    expect(decoy.split("$").slice(0, 4)).toEqual(cheap.split("$").slice(0, 4));
    expect(await decoyHash(10)).toBe(decoy);
    expect(await verifyPassword("login-desconhecido", decoy)).toBe(false);
  });

  it("never gives a stored hash more than 64 MiB: one naming N = 2^16 is refused", async () => {
    const [, , r, p, salt, key] = (await hashPassword("uma senha longa", COST)).split("$");
    await expect(verifyPassword("uma senha longa", ["scrypt", 2 ** 16, r, p, salt, key].join("$"))).rejects.toThrow(
      /memory limit exceeded/,
    );
  });

  it("accepts only the same password", async () => {
    const hash = await hashPassword("Peregrinos-2025", COST);
    expect(await verifyPassword("Peregrinos-2025", hash)).toBe(true);
    expect(await verifyPassword("peregrinos-2025", hash)).toBe(false);
    expect(await verifyPassword("Peregrinos-2025 ", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("treats the same text in another Unicode form as the same password", async () => {
    const hash = await hashPassword("São José", COST);
    expect(await verifyPassword("Sa\u0303o Jose\u0301", hash)).toBe(true);
  });

  it("never matches a malformed or truncated hash", async () => {
    const hash = await hashPassword("qualquer", COST);
    expect(await verifyPassword("qualquer", "texto")).toBe(false);
    expect(await verifyPassword("qualquer", hash.slice(0, -4))).toBe(false);
  });

  it("generates readable 16-character passwords", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(p).not.toMatch(/[01lio]/);
      seen.add(p);
    }
    expect(seen.size).toBe(50);
  });

  it("runs at most two derivations at once, and answers every one", async () => {
    const hash = await hashPassword("a senha certa", COST);
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, scryptRunning())), 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => verifyPassword(i === 3 ? "a senha certa" : `errada ${i}`, hash)),
    );
    clearInterval(watch);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(answers[3]).toBe(true);
    expect(peak).toBe(2);
    expect(scryptRunning()).toBe(0);
  });
});
