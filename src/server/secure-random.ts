import { randomBytes } from "node:crypto";

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * Cryptographically random bytes, drawn from a 4 kB pool that is refilled
 * from the system's CSPRNG when it runs out; no byte is handed out twice. A
 * registration needs two small draws, and one call into OpenSSL per draw cost
 * the server thread more than the bytes themselves (Node pools randomUUID()
 * the same way).
 */
export function randomBytesPooled(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n);
  if (used + n > pool.length) {
    // A new buffer, not a refill: slices handed out earlier stay as they were.
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const bytes = pool.subarray(used, used + n);
  used += n;
  return bytes;
}
