import { createECDH, createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { p256PublicJwk, scalar32, VapidSigner, vapidKeysFrom } from "./vapid";

function pair() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: ecdh.getPrivateKey().toString("base64url"),
  };
}

describe("VapidSigner", () => {
  it("signs an ES256 token for the push service's origin that its public key verifies", () => {
    const p = pair();
    const keys = vapidKeysFrom(p.publicKey, p.privateKey);
    if (!keys) throw new Error("par inválido");
    const signer = new VapidSigner(keys, "https://caravana.exemplo.org");
    const header = signer.header("https://fcm.googleapis.com/fcm/send/abc", 1_800_000_000);
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    if (!match) throw new Error(header);
    const [, head, claims, signature, k] = match;
    expect(k).toBe(p.publicKey);
    expect(JSON.parse(Buffer.from(head, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" });
    expect(JSON.parse(Buffer.from(claims, "base64url").toString())).toEqual({
      aud: "https://fcm.googleapis.com",
      exp: 1_800_000_000 + 12 * 3600,
      sub: "https://caravana.exemplo.org",
    });
    const point = Buffer.from(k, "base64url");
    const publicKey = createPublicKey({
      format: "jwk",
      key: p256PublicJwk(point),
    });
    const ok = verify(
      "sha256",
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    expect(ok).toBe(true);
    // Reused within the hour, made again after it.
    expect(signer.header("https://fcm.googleapis.com/other", 1_800_000_100)).toBe(header);
    expect(signer.header("https://fcm.googleapis.com/other", 1_800_003_601)).not.toBe(header);
  });

  it("takes a scalar with a leading zero byte, which Node gives as 31 bytes", () => {
    let ecdh = createECDH("prime256v1");
    for (let i = 0; i < 20_000; i++) {
      ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      if (ecdh.getPrivateKey().length < 32) break;
    }
    const short = ecdh.getPrivateKey();
    expect(short.length).toBeLessThan(32);
    const keys = vapidKeysFrom(ecdh.getPublicKey().toString("base64url"), scalar32(short).toString("base64url"));
    expect(keys).not.toBeNull();
    expect(vapidKeysFrom(ecdh.getPublicKey().toString("base64url"), short.toString("base64url"))).not.toBeNull();
  });

  it("refuses keys that are not one pair", () => {
    const a = pair();
    const b = pair();
    expect(vapidKeysFrom(a.publicKey, b.privateKey)).toBeNull();
    expect(vapidKeysFrom("abc", a.privateKey)).toBeNull();
  });
});
