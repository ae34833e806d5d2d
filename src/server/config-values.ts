import { createECDH } from "node:crypto";
import { isIP } from "node:net";
import * as z from "zod/mini";

// How each kind of environment value is read and checked; config.ts puts them together in one schema.

export const port = z.pipe(
  z.transform((v: unknown) => (v === undefined || v === "" ? 3000 : Number(v))),
  z
    .int({ error: "deve ser um número inteiro entre 1 e 65535" })
    .check(
      z.gte(1, "deve ser um número inteiro entre 1 e 65535"),
      z.lte(65535, "deve ser um número inteiro entre 1 e 65535"),
    ),
);

export const positiveInt = (fallback: number) =>
  z.pipe(
    z.transform((v: unknown) => (v === undefined || v === "" ? fallback : Number(v))),
    z.int({ error: "deve ser um número inteiro positivo" }).check(z.gte(1, "deve ser um número inteiro positivo")),
  );

/**
 * scrypt's cost as log2 of N: 15 (32 MiB, about 0.1 s) unless a test asks for less. Never more: the derivations
 * keep their 64 MiB bound (auth/password-hash.ts), whatever N a stored hash names.
 */
export const PASSWORD_HASH_COST_DEFAULT = 15;
const HASH_COST_RANGE = `deve ser um número inteiro entre 10 e ${PASSWORD_HASH_COST_DEFAULT}`;
export const passwordHashCost = z.pipe(
  z.transform((v: unknown) => (v === undefined || v === "" ? PASSWORD_HASH_COST_DEFAULT : Number(v))),
  z
    .int({ error: HASH_COST_RANGE })
    .check(z.gte(10, HASH_COST_RANGE), z.lte(PASSWORD_HASH_COST_DEFAULT, HASH_COST_RANGE)),
);

export const text = (fallback: string, max = 200) =>
  z._default(
    z.string().check(z.trim(), z.minLength(1, "não pode ser vazio"), z.maxLength(max, `no máximo ${max} caracteres`)),
    fallback,
  );

// Free text that must keep some letters or digits once reduced to the BR Code's plain ASCII.
export const pixText = (fallback: string, sanitize: (v: string) => string) =>
  z._default(
    z.string().check(
      z.trim(),
      z.maxLength(200, "no máximo 200 caracteres"),
      z.refine((v: string) => sanitize(v) !== "", "precisa ter ao menos uma letra ou número"),
    ),
    fallback,
  );

export const PUSH_ENDPOINTS_ERROR =
  "use origens separadas por vírgula, como https://push.exemplo.org; http:// só para 127.0.0.1, ::1 ou localhost";

const isLoopback = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || (isIP(bare) === 4 && bare.startsWith("127."));
};

/** PUSH_ENDPOINTS_EXTRA: origins (scheme, host, port); plain http only on a loopback address. Null when one is wrong. */
export function parseExtraOrigins(value: string): string[] | null {
  const parts = value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const origins: string[] = [];
  for (const part of parts) {
    if (!URL.canParse(part)) return null;
    const url = new URL(part);
    if (url.origin === "null" || part.replace(/\/$/, "") !== url.origin) return null;
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) return null;
    origins.push(url.origin);
  }
  return origins;
}

/** Whether a VAPID public point and private scalar (base64url) are one P-256 pair (notices/vapid.ts signs with it). */
export function isVapidPair(publicKey: string, privateKey: string): boolean {
  const point = Buffer.from(publicKey, "base64url");
  const d = Buffer.from(privateKey, "base64url");
  // A scalar with a leading zero byte may come as 31 bytes (Node's own getPrivateKey does so).
  if (point.length !== 65 || point[0] !== 4 || d.length < 1 || d.length > 32) return false;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(d);
    return ecdh.getPublicKey().equals(point);
  } catch {
    return false;
  }
}

const TRUST_PROXY_ERROR =
  "use false, o número de proxies à frente do servidor (true vale 1) ou os endereços dos proxies separados por vírgula";

/**
 * Which X-Forwarded-* hops to believe: none (false), the last n (a proxy
 * chain of n; "true" means the one proxy in front), or those sent by the
 * proxies' own addresses. Never every hop: a proxy that appends to
 * X-Forwarded-For would let the client choose its address.
 */
export const trustProxy = z.pipe(
  z.transform((v: unknown) =>
    String(v ?? "")
      .trim()
      .toLowerCase(),
  ),
  z.transform((v: string, ctx): false | number | string => {
    if (v === "" || v === "false" || v === "0") return false;
    if (v === "true") return 1;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const parts = v.split(",").map((p) => p.trim());
    const valid = parts.every((p) => {
      const [address, prefix] = p.split("/");
      const version = isIP(address);
      if (!version) return false;
      if (prefix === undefined) return true;
      return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
    });
    if (!valid) {
      ctx.issues.push({ code: "custom", message: TRUST_PROXY_ERROR, input: v });
      return false;
    }
    return parts.join(",");
  }),
);
