import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service of our own for the tests: an HTTP server that takes what
 * the server posts to a subscription's endpoint, checks the VAPID token with
 * the key it names, and decrypts the body (RFC 8291) with the subscription's
 * private key, as a phone would. What it answers can be set per subscription
 * (a 500 once, a 410), to see the server retry or forget.
 */

export interface ReceivedNotice {
  subscription: string;
  headers: IncomingHttpHeaders;
  /** The notice as the phone's service worker reads it. */
  payload: { titulo: string; corpo: string; tag: string; url: string };
  at: number;
}

export interface TestSubscription {
  /** As PushSubscription.toJSON() gives it: what a page posts to /api/avisos. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  id: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

function decrypt(body: Buffer, privateKey: Buffer, auth: Buffer): string {
  const ua = createECDH("prime256v1");
  ua.setPrivateKey(privateKey);
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ikm = hmac(
    hmac(auth, ua.computeSecret(senderKey)),
    Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), senderKey, Buffer.from([1])]),
  );
  const prk = hmac(salt, ikm);
  const decipher = createDecipheriv(
    "aes-128-gcm",
    hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16),
    hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12),
  );
  const data = body.subarray(21 + idLength);
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  if (plain[plain.length - 1] !== 2) throw new Error("registro final sem o delimitador 0x02");
  return plain.subarray(0, plain.length - 1).toString("utf8");
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 token for this origin, signed by the key it names. */
function checkVapid(header: string | undefined, origin: string): string | null {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!m) return "sem cabeçalho VAPID";
  const [, head, claims, signature, k] = m;
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) return "assinatura VAPID inválida";
  const c = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (c.aud !== origin) return `aud ${c.aud}, esperado ${origin}`;
  if (!c.sub) return "sem sub";
  return null;
}

export async function startPushReceiver() {
  const keys = new Map<string, { privateKey: Buffer; auth: Buffer }>();
  const answers = new Map<string, number[]>();
  const received: ReceivedNotice[] = [];
  const problems: string[] = [];
  let origin = "";
  let waiters: (() => void)[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const planned = answers.get(id)?.shift();
      if (planned !== undefined) {
        res.writeHead(planned, planned === 429 || planned >= 500 ? { "Retry-After": "1" } : {}).end();
        return;
      }
      const sub = keys.get(id);
      if (!sub) return res.writeHead(404).end();
      const vapidProblem = checkVapid(req.headers.authorization, origin);
      if (vapidProblem || req.headers["content-encoding"] !== "aes128gcm" || !req.headers.ttl) {
        problems.push(vapidProblem ?? "cabeçalhos de Web Push faltando");
        return res.writeHead(400).end();
      }
      try {
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), sub.privateKey, sub.auth));
        received.push({ subscription: id, headers: req.headers, payload, at: Date.now() });
      } catch (err) {
        problems.push(String(err));
        return res.writeHead(400).end();
      }
      res.writeHead(201).end();
      const w = waiters;
      waiters = [];
      for (const fn of w) fn();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    problems,
    /** A new phone: its key pair and auth secret, and the subscription a browser would give. */
    subscription(): TestSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(9).toString("base64url");
      keys.set(id, { privateKey: ecdh.getPrivateKey(), auth });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        },
      };
    },
    /** What the next posts to this subscription are answered (then 201 again). */
    answer(id: string, ...statuses: number[]) {
      answers.set(id, [...(answers.get(id) ?? []), ...statuses]);
    },
    /** The notices one phone got, in order. */
    to(id: string) {
      return received.filter((r) => r.subscription === id);
    },
    /** Resolves once `count` notices in all have arrived. */
    async waitFor(count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`esperava ${count} avisos, chegaram ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200).unref();
        });
      }
    },
    clear() {
      received.length = 0;
      problems.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
