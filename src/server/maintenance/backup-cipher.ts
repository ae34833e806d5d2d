import { createCipheriv, createDecipheriv, randomBytes, scrypt } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Transform } from "node:stream";

// An optional passphrase for backups (BACKUP_PASSPHRASE): the file then holds
// AES-256-GCM of the gzip, behind a marker, the scrypt salt and the IV; the
// authentication tag closes it, so a changed byte or a wrong phrase is refused.

const MARKER = Buffer.from("CARAVANA-BACKUP-CIFRADO-1\n");
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MARKER.length + SALT_BYTES + IV_BYTES;
// About 0.1 s and 32 MB for each key: slow to guess, light for a small host.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export const CIPHER_MESSAGES = {
  needsPhrase: "Este backup está cifrado: defina BACKUP_PASSPHRASE com a frase usada ao criá-lo.",
  wrongPhrase: "Não foi possível abrir o backup: a frase (BACKUP_PASSPHRASE) está errada ou o arquivo foi alterado.",
} as const;

const keyOf = (passphrase: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase.normalize("NFC"), salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** A stream that writes the marker, salt and IV, then the ciphertext, then the tag. */
export async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", await keyOf(passphrase, salt), iv);
  let started = false;
  return new Transform({
    transform(chunk, _enc, done) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([MARKER, salt, iv]));
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(Buffer.concat([MARKER, salt, iv]));
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** Whether the file starts with the marker of an encrypted backup. */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(MARKER.length);
    const { bytesRead } = await handle.read(head, 0, MARKER.length, 0);
    return bytesRead === MARKER.length && head.equals(MARKER);
  } finally {
    await handle.close();
  }
}

/**
 * The gzip inside an encrypted backup, as a stream. A wrong phrase or a
 * changed byte makes the stream fail at its end, before anything is committed.
 */
export async function decryptingStream(
  file: string,
  passphrase: string,
  onWrong: () => Error,
): Promise<NodeJS.ReadableStream> {
  const handle = await open(file, "r");
  let header: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    if (size < HEADER_BYTES + TAG_BYTES) throw onWrong();
    header = Buffer.alloc(HEADER_BYTES);
    tag = Buffer.alloc(TAG_BYTES);
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(MARKER.length, MARKER.length + SALT_BYTES);
  const iv = header.subarray(MARKER.length + SALT_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", await keyOf(passphrase, salt), iv);
  decipher.setAuthTag(tag);
  const body = createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
  const out = new Transform({
    transform(chunk, _enc, done) {
      done(null, decipher.update(chunk));
    },
    flush(done) {
      try {
        done(null, decipher.final());
      } catch {
        done(onWrong());
      }
    },
  });
  body.on("error", (err) => out.destroy(err));
  return body.pipe(out);
}
