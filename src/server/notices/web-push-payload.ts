import { createCipheriv, createECDH, createHmac, randomBytes, type ECDH } from "node:crypto";

/*
 * RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm: the
 * push service relays bytes it cannot read; only the phone that subscribed
 * holds the key. One record, so the whole notice fits one push message.
 */

const RECORD_SIZE = 4096;
/** What every push service takes in one message (RFC 8030 asks for at least 4,096 bytes of body). */
export const MAX_BODY = 4096;
/** Salt (16), record size (4), key id length (1), the sender's public key (65). */
const HEADER = 86;
/** The room left for the notice's JSON once the header, the tag and the delimiter are paid for. */
export const MAX_PLAINTEXT = MAX_BODY - HEADER - 16 - 1;

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** The subscription's keys as PushSubscription.toJSON() gives them: base64url, no padding. */
export interface SubscriptionKeys {
  p256dh: string;
  auth: string;
}

/** Whether p256dh is an uncompressed P-256 point and auth 16 bytes: a subscription whose keys can be encrypted to. */
export function validKeys(keys: SubscriptionKeys): boolean {
  const auth = Buffer.from(keys.auth, "base64url");
  const point = Buffer.from(keys.p256dh, "base64url");
  if (auth.length !== 16 || point.length !== 65 || point[0] !== 4) return false;
  try {
    // Rejects a point that is not on the curve.
    const probe = createECDH("prime256v1");
    probe.generateKeys();
    probe.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/**
 * Encrypts `plaintext` for one subscription. A fresh key pair and salt each
 * time; `fixed` is for the RFC's own test vector only.
 */
export function encryptForSubscription(
  plaintext: Buffer,
  keys: SubscriptionKeys,
  fixed?: { sender: ECDH; salt: Buffer },
): Buffer {
  if (plaintext.length > MAX_PLAINTEXT) throw new Error(`aviso grande demais: ${plaintext.length} bytes`);
  const uaPublic = Buffer.from(keys.p256dh, "base64url");
  const authSecret = Buffer.from(keys.auth, "base64url");
  const sender = fixed?.sender ?? createECDH("prime256v1");
  if (!fixed) sender.generateKeys();
  const asPublic = sender.getPublicKey();
  const salt = fixed?.salt ?? randomBytes(16);

  // RFC 8291 §3.3-3.4: the input keying material from the ECDH secret and the auth secret...
  const ecdhSecret = sender.computeSecret(uaPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // ...then RFC 8188 §2.2-2.3: the content key and the nonce from the salt.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);

  const cipher = createCipheriv("aes-128-gcm", cek, nonce);
  // 0x02: the last (and only) record, with no padding after it.
  const body = Buffer.concat([
    cipher.update(Buffer.concat([plaintext, Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(HEADER);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  asPublic.copy(header, 21);
  return Buffer.concat([header, body]);
}
