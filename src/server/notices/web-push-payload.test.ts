import { createDecipheriv, createECDH, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { encryptForSubscription, MAX_PLAINTEXT, validKeys } from "./web-push-payload";

// RFC 8291, Appendix A: fixed keys and salt, and the body they give, byte for byte.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_" +
    "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

/** The phone's side, written from the RFC apart from the sender's code. */
function decrypt(body: Buffer, uaPrivate: string, auth: string): string {
  const ua = createECDH("prime256v1");
  ua.setPrivateKey(Buffer.from(uaPrivate, "base64url"));
  const salt = body.subarray(0, 16);
  const keyLength = body[20];
  const asPublic = body.subarray(21, 21 + keyLength);
  const h = (k: Buffer, d: Buffer) => createHmac("sha256", k).update(d).digest();
  const ikm = h(
    h(Buffer.from(auth, "base64url"), ua.computeSecret(asPublic)),
    Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic, Buffer.from([1])]),
  );
  const prk = h(salt, ikm);
  const decipher = createDecipheriv(
    "aes-128-gcm",
    h(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16),
    h(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12),
  );
  const data = body.subarray(21 + keyLength);
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  expect(plain[plain.length - 1]).toBe(2);
  return plain.subarray(0, plain.length - 1).toString("utf8");
}

describe("encryptForSubscription", () => {
  it("gives RFC 8291's own example, byte for byte", () => {
    const sender = createECDH("prime256v1");
    sender.setPrivateKey(Buffer.from(RFC.asPrivate, "base64url"));
    const body = encryptForSubscription(
      Buffer.from(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      { sender, salt: Buffer.from(RFC.salt, "base64url") },
    );
    expect(body.toString("base64url")).toBe(RFC.body);
  });

  it("uses a new key and salt each time, and the phone reads it back", () => {
    const keys = { p256dh: RFC.uaPublic, auth: RFC.auth };
    const text = JSON.stringify({ titulo: "Pagamento confirmado", corpo: "Ana (JDJU5AF): confirmado. Ação ✓" });
    const a = encryptForSubscription(Buffer.from(text), keys);
    const b = encryptForSubscription(Buffer.from(text), keys);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(decrypt(a, RFC.uaPrivate, RFC.auth)).toBe(text);
    expect(decrypt(b, RFC.uaPrivate, RFC.auth)).toBe(text);
  });

  it("refuses a notice larger than one push message", () => {
    const keys = { p256dh: RFC.uaPublic, auth: RFC.auth };
    expect(encryptForSubscription(Buffer.alloc(MAX_PLAINTEXT, 97), keys).length).toBe(4096);
    expect(() => encryptForSubscription(Buffer.alloc(MAX_PLAINTEXT + 1, 97), keys)).toThrow(/grande demais/);
  });
});

describe("validKeys", () => {
  it("takes a point on the curve and a 16-byte secret, and nothing else", () => {
    expect(validKeys({ p256dh: RFC.uaPublic, auth: RFC.auth })).toBe(true);
    const offCurve = Buffer.from(RFC.uaPublic, "base64url");
    offCurve[64] ^= 1;
    expect(validKeys({ p256dh: offCurve.toString("base64url"), auth: RFC.auth })).toBe(false);
    expect(validKeys({ p256dh: RFC.uaPublic, auth: "AAAA" })).toBe(false);
    expect(validKeys({ p256dh: "BCVx", auth: RFC.auth })).toBe(false);
  });
});
