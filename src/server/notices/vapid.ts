import { createECDH, createPrivateKey, type KeyObject, sign } from "node:crypto";
import { serverKey } from "../auth/server-keys";
import { isVapidPair } from "../config-values";
import type { Queryable } from "../db/database";

/*
 * VAPID (RFC 8292): each post to a push service carries a token signed with
 * the server's key, and browsers subscribe with its public half. The key is
 * made at the first start and kept in app_settings, so every instance on one
 * database signs alike and a restart keeps every phone's subscription working.
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY set it instead.
 */

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url: the browser's applicationServerKey and the header's k=. */
  publicKey: string;
  privateKey: KeyObject;
}

/** app_settings' key of the server's VAPID pair. */
export const VAPID_KEY = "chaves_vapid";

/** A P-256 public key as a JWK, from its uncompressed point (0x04, x, y), as VAPID's `k=` carries it. */
export function p256PublicJwk(point: Buffer) {
  return {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33).toString("base64url"),
  };
}

/** A public point and private scalar, base64url, as web-push tools print them. Null when they do not match. */
export function vapidKeysFrom(publicKey: string, privateKey: string): VapidKeys | null {
  if (!isVapidPair(publicKey, privateKey)) return null;
  const point = Buffer.from(publicKey, "base64url");
  const key = createPrivateKey({
    format: "jwk",
    key: { ...p256PublicJwk(point), d: scalar32(Buffer.from(privateKey, "base64url")).toString("base64url") },
  });
  return { publicKey, privateKey: key };
}

/** A P-256 scalar as 32 bytes: Node gives one with a leading zero byte as 31. */
export const scalar32 = (d: Buffer) => Buffer.concat([Buffer.alloc(Math.max(0, 32 - d.length)), d]);

function newPair(): string {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return JSON.stringify({
    publico: ecdh.getPublicKey().toString("base64url"),
    privado: scalar32(ecdh.getPrivateKey()).toString("base64url"),
  });
}

/** The configured pair, or the database's (made by the first instance that needs one). */
export async function loadVapidKeys(
  db: Queryable,
  configured: { publicKey?: string; privateKey?: string },
): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) {
    const keys = vapidKeysFrom(configured.publicKey, configured.privateKey);
    if (!keys) throw new Error("VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY não formam um par P-256");
    return keys;
  }
  const stored = JSON.parse(await serverKey(db, VAPID_KEY, newPair)) as { publico: string; privado: string };
  const keys = vapidKeysFrom(stored.publico, stored.privado);
  if (!keys) throw new Error(`app_settings ${VAPID_KEY} não é um par P-256`);
  return keys;
}

/** Tokens live 12 hours (RFC 8292 allows up to 24); one is made per push service and reused for an hour. */
const TOKEN_HOURS = 12;
const REUSE_SECONDS = 3600;

export class VapidSigner {
  private readonly cache = new Map<string, { header: string; madeAt: number }>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {}

  /** The Authorization header for a post to this endpoint, at `nowSeconds`. */
  header(endpoint: string, nowSeconds: number): string {
    const audience = new URL(endpoint).origin;
    const cached = this.cache.get(audience);
    if (cached && nowSeconds - cached.madeAt < REUSE_SECONDS && nowSeconds >= cached.madeAt) return cached.header;
    const part = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const unsigned = `${part({ typ: "JWT", alg: "ES256" })}.${part({
      aud: audience,
      exp: nowSeconds + TOKEN_HOURS * 3600,
      sub: this.subject,
    })}`;
    const signature = sign("sha256", Buffer.from(unsigned), { key: this.keys.privateKey, dsaEncoding: "ieee-p1363" });
    const header = `vapid t=${unsigned}.${signature.toString("base64url")}, k=${this.keys.publicKey}`;
    this.cache.set(audience, { header, madeAt: nowSeconds });
    return header;
  }
}
