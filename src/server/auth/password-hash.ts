import { randomBytes, randomInt, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { PASSWORD_HASH_COST_DEFAULT } from "../config-values";

// scrypt with r=8, p=1 and N=2^cost: at the default cost of 15 (32 MiB, about 0.1 s), slow enough to make a
// stolen hash expensive to guess, fast enough for one admin logging in (config: PASSWORD_HASH_COST).
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Node refuses scrypt above 32 MiB unless told; 128 * N * r is exactly 32 MiB at cost 15. A stored hash that
// names a larger N is refused rather than allowed more memory.
const MAX_MEMORY = 64 * 1024 * 1024;

// At most two derivations at once: each holds one of libuv's four pool
// threads for 0.1 s, and a flood of logins once left none for reading static
// files (9 ms -> 1 s). The rest wait in line here, not in the pool.
const MAX_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  if (running < MAX_AT_ONCE) {
    running++;
    return;
  }
  // The slot is handed over by release(), so nobody can slip in between.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

async function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  await acquire();
  try {
    return await new Promise((resolve, reject) => {
      scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (err, key) =>
        err ? reject(err) : resolve(key),
      );
    });
  } finally {
    release();
  }
}

/** Derivations running now (at most two); for tests. */
export const scryptRunning = () => running;

/**
 * "scrypt$N$r$p$salt$key" (base64url), so the cost can change later without breaking stored hashes. `cost` is
 * log2 of N: the config's PASSWORD_HASH_COST.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const N = 2 ** cost;
  const key = await derive(password, salt, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * What a password is checked against when nobody has the typed login, so a wrong login takes as long as a
 * wrong password. Any hash of the same cost serves: this one was made once from 32 random bytes, thrown away,
 * so no process pays a derivation to make it (the tests' servers start hundreds of times). It admits nobody
 * even if matched: a login with no member behind it finds no user.
 */
export const DECOY_HASH = "scrypt$32768$8$1$u0G0OiV-if_xiloG7UMZeA$upETYOcljU-klir4jOJfh1B-bRE3g4Ox-SySnvDYiiU";
const decoys = new Map<number, Promise<string>>([[PASSWORD_HASH_COST_DEFAULT, Promise.resolve(DECOY_HASH)]]);

/** The decoy of the configured cost: at another cost than the default (the tests' servers), made once and kept. */
export function decoyHash(cost: number): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(32).toString("base64url"), cost);
    decoys.set(cost, decoy);
  }
  return decoy;
}

export function isPasswordHash(value: string): boolean {
  return /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/.test(value);
}

/** A well-formed hash's cost (log2 of its N), or null. */
export function hashCost(hash: string): number | null {
  return isPasswordHash(hash) ? Math.log2(Number(hash.split("$")[1])) : null;
}

/** Compares in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return false;
  const [, n, r, p, saltText, keyText] = stored.split("$");
  const expected = Buffer.from(keyText, "base64url");
  const actual = await derive(password, Buffer.from(saltText, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// No 0/O, 1/l/I: the password is read off a terminal and typed on a phone.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** 16 random characters in groups of four, about 79 bits. */
export function generatePassword(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}
