import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_MESSAGES } from "../../src/server/routes/receipts";
import { JPEG_BYTES, multipartBody } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

const PASSWORD = "senha-de-teste-123";
const person = (nome: string) => ({
  nome_completo: nome,
  idade: 19,
  numero_responsavel: "98999998888",
  metodo_pagamento: "PIX",
});

describe.each(DB_KINDS)("receipts on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ADMIN_PASSWORD: PASSWORD } });
    const login = await t.app.inject({ method: "POST", url: "/api/session", payload: { password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    cookie = String(login.headers["set-cookie"]).split(";")[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  async function register(nome: string, key?: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/registrations",
      payload: person(nome),
      headers: key ? { "idempotency-key": key } : {},
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; referencia: string; upload_token: string };
  }

  const upload = (
    id: string,
    token: string | null,
    file: { filename?: string; contentType?: string; data: Buffer },
  ) => {
    const body = multipartBody([
      {
        name: "file",
        filename: file.filename ?? "comprovante.jpg",
        contentType: file.contentType ?? "image/jpeg",
        data: file.data,
      },
    ]);
    return t.app.inject({
      method: "POST",
      url: `/api/registrations/${id}/receipt`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  const storedCount = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM receipts"))[0].n;

  it("gives each registration a reference and a secret upload token", async () => {
    const r = await register("Com Referência");
    expect(r.referencia).toMatch(/^JDJ[23456789A-HJ-NP-Z]{4}$/);
    expect(r.upload_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.query<{ upload_token_hash: string }>(
      "SELECT upload_token_hash FROM registrations WHERE id = $1",
      [r.id],
    );
    expect(row.upload_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.upload_token_hash).not.toContain(r.upload_token);
  });

  it("stores a receipt sent with the registration's token, and shows it only to an admin", async () => {
    const r = await register("Paga Direitinho");
    const res = await upload(r.id, r.upload_token, { data: JPEG_BYTES });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content_type: "image/jpeg", size_bytes: JPEG_BYTES.length });
    expect(res.json().path).toMatch(/^comprovantes\/[A-Za-z0-9_-]{24}\.jpg$/);

    const anonymous = await t.app.inject(`/api/registrations/${r.id}/receipt`);
    expect(anonymous.statusCode).toBe(401);

    const admin = await t.app.inject({ url: `/api/registrations/${r.id}/receipt`, headers: { cookie } });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers["content-type"]).toBe("image/jpeg");
    expect(admin.headers["x-content-type-options"]).toBe("nosniff");
    expect(admin.headers["content-disposition"]).toBe(`inline; filename="comprovante-${r.referencia}.jpg"`);
    expect(Buffer.compare(admin.rawPayload, JPEG_BYTES)).toBe(0);

    const list = await t.app.inject({
      url: `/api/registrations?q=${encodeURIComponent("Paga Direitinho")}`,
      headers: { cookie },
    });
    expect(list.json().items[0]).toMatchObject({ has_receipt: true, referencia: r.referencia });
  });

  it("a replayed registration gets a new token, and the old one stops working", async () => {
    const key = randomUUID();
    const first = await register("Reenvio Token", key);
    const second = await register("Reenvio Token", key);
    expect(second.id).toBe(first.id);
    expect(second.upload_token).not.toBe(first.upload_token);
    expect((await upload(first.id, first.upload_token, { data: JPEG_BYTES })).statusCode).toBe(403);
    expect((await upload(first.id, second.upload_token, { data: JPEG_BYTES })).statusCode).toBe(201);
  });

  describe("refuses, with a clear 4xx, and stores nothing", () => {
    let victim: { id: string; upload_token: string };
    let other: { id: string; upload_token: string };
    beforeAll(async () => {
      victim = await register("Alvo Do Ataque");
      other = await register("Outra Pessoa");
    });

    it.each([
      ["no token", () => upload(victim.id, null, { data: JPEG_BYTES }), 401, RECEIPT_MESSAGES.noToken],
      [
        "another registration's token",
        () => upload(victim.id, other.upload_token, { data: JPEG_BYTES }),
        403,
        RECEIPT_MESSAGES.wrongToken,
      ],
      [
        "a renamed executable",
        () =>
          upload(victim.id, victim.upload_token, {
            filename: "comprovante.jpg",
            data: Buffer.concat([Buffer.from("\x7fELF\x02\x01\x01\0", "latin1"), Buffer.alloc(500)]),
          }),
        415,
        RECEIPT_MESSAGES.badType,
      ],
      [
        "a 6 MB file",
        () =>
          upload(victim.id, victim.upload_token, {
            data: Buffer.concat([JPEG_BYTES, Buffer.alloc(6 * 1024 * 1024, 1)]),
          }),
        413,
        RECEIPT_MESSAGES.tooLarge,
      ],
      [
        "a path-traversal file name",
        () => upload(victim.id, victim.upload_token, { filename: "../../etc/passwd.jpg", data: JPEG_BYTES }),
        400,
        RECEIPT_MESSAGES.badName,
      ],
      [
        "a backslash path",
        () => upload(victim.id, victim.upload_token, { filename: "..\\..\\boot.ini", data: JPEG_BYTES }),
        400,
        RECEIPT_MESSAGES.badName,
      ],
      [
        "an unknown registration",
        () => upload(randomUUID(), victim.upload_token, { data: JPEG_BYTES }),
        403,
        RECEIPT_MESSAGES.wrongToken,
      ],
    ])("%s", async (_name, send, status, message) => {
      const before = await storedCount();
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: message });
      expect(await storedCount()).toBe(before);
      const [row] = await t.db.query<{ comprovante_path: string | null }>(
        "SELECT comprovante_path FROM registrations WHERE id = $1",
        [victim.id],
      );
      expect(row.comprovante_path).toBeNull();
    });

    it("malformed multipart", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/registrations/${victim.id}/receipt`,
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
        headers: {
          "content-type": "multipart/form-data; boundary=xyz",
          authorization: `Bearer ${victim.upload_token}`,
        },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe("string");
      expect(await storedCount()).toBeGreaterThanOrEqual(0);
      const [row] = await t.db.query<{ comprovante_path: string | null }>(
        "SELECT comprovante_path FROM registrations WHERE id = $1",
        [victim.id],
      );
      expect(row.comprovante_path).toBeNull();
    });
  });
});
