import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { KEPT_VERSIONS, UPLOADS_PER_DAY } from "../../src/server/receipts/receipt-repository";
import { RECEIPT_MESSAGES } from "../../src/server/routes/receipts";
import { apiTest } from "../support/api-fixtures";
import { JPEG_BYTES, multipartBody } from "../support/multipart";
import type { TestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

/** A JPEG's first bytes, then noise: photos do not compress, so neither may the test's. */
const jpeg = (size: number, tag: number) =>
  Buffer.concat([JPEG_BYTES.subarray(0, 11), Buffer.from([tag]), randomBytes(size - 12)]);

let ip = 0;

/** This file's uploads, each from an address of its own, and the Coordenação's reads. */
function helpersFor(t: TestApp, cookie: string) {
  const upload = (r: RegistrationCreated, data: Buffer, remoteAddress = `10.44.0.${++ip}`) => {
    const body = multipartBody([{ name: "file", filename: "pix.jpg", contentType: "image/jpeg", data }]);
    return t.app.inject({
      method: "POST",
      url: `/api/registrations/${r.id}/receipt`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${r.upload_token}` },
      remoteAddress,
    });
  };
  const admin = (url: string) => t.app.inject({ url, headers: { cookie } });
  return { upload, admin };
}

describe.each(DB_KINDS)("receipt versions and upload limits on %s", (kind) => {
  const test = apiTest(kind).extend<{ h: ReturnType<typeof helpersFor> }>({
    h: async ({ t, adminSession }, use) => use(helpersFor(t, adminSession.cookie)),
  });

  test("keeps replaced receipts as earlier versions the coordinator can open, at most three", async ({
    register,
    h: { upload, admin },
  }) => {
    const r = await register();
    const files = [1, 2, 3, 4, 5].map((n) => jpeg(3000, n));
    for (const f of files) expect((await upload(r, f)).statusCode).toBe(201);
    expect((await admin(`/api/registrations/${r.id}/receipt`)).rawPayload.equals(files[4])).toBe(true);
    const versions = (await admin(`/api/registrations/${r.id}/receipts`)).json() as {
      id: string;
      size_bytes: number;
    }[];
    expect(versions).toHaveLength(KEPT_VERSIONS);
    // Newest first: the fourth, third and second uploads; the first went.
    const bodies = await Promise.all(
      versions.map(async (v) => (await admin(`/api/registrations/${r.id}/receipts/${v.id}`)).rawPayload),
    );
    expect(bodies.map((b) => [3, 2, 1].findIndex((i) => b.equals(files[i])))).toEqual([0, 1, 2]);
    const missing = await admin(`/api/registrations/${r.id}/receipts/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Versão do comprovante não encontrada." });
  });

  test("refuses more than five uploads a day per registration, and any after the payment was confirmed", async ({
    t,
    register,
    adminSession: { cookie },
    h: { upload, admin },
  }) => {
    const r = await register();
    const statuses = [];
    for (let i = 0; i < UPLOADS_PER_DAY + 2; i++) statuses.push((await upload(r, jpeg(2000, i))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409]);
    const over = await upload(r, jpeg(2000, 9));
    expect(over.json()).toEqual({ error: RECEIPT_MESSAGES.daily });

    const paid = await register();
    expect((await upload(paid, jpeg(2000, 1))).statusCode).toBe(201);
    await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${paid.id}`,
      headers: { cookie },
      payload: { status_pagamento: "confirmado" },
    });
    const locked = await upload(paid, jpeg(2000, 2));
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ error: RECEIPT_MESSAGES.confirmed });
    expect((await admin(`/api/registrations/${paid.id}/receipt`)).statusCode).toBe(200);
  });

  test("limits uploads per address, whatever the registration", async ({ register, h: { upload } }) => {
    const statuses = [];
    for (let i = 0; i < 22; i++) statuses.push((await upload(await register(), jpeg(2000, i), "10.45.0.1")).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    const refused = await upload(await register(), jpeg(2000, 1), "10.45.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: RECEIPT_MESSAGES.perAddress });
  });

  test("keeps the database bounded under 50 uploads a day with one token, and reuses the space the next day", async ({
    t,
    register,
    h: { upload },
  }) => {
    const r = await register();
    const size = 1024 * 1024;
    const dbSize = async () =>
      Number((await t.db.query<{ n: string }>("SELECT pg_database_size(current_database())::text AS n"))[0].n);
    const day = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await upload(r, jpeg(size, i))).statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(UPLOADS_PER_DAY);
      // The maintenance the server runs (PGlite's minute timer, PostgreSQL's autovacuum).
      await t.db.query("VACUUM");
    };
    await t.db.query("VACUUM");
    const growth: number[] = [];
    for (let d = 0; d < 3; d++) {
      const before = await dbSize();
      await day();
      growth.push((await dbSize()) - before);
      // The next day: the allowance is back.
      await t.db.query("UPDATE receipt_uploads SET at = at - interval '25 hours' WHERE registration_id = $1", [r.id]);
    }
    console.log(
      `${kind}: 50 uploads of 1 MB a day with one token, three days: ${growth.map((g) => `+${(g / size).toFixed(1)} MB`).join(", ")}`,
    );
    // The first day stores the five accepted files and nothing else: no copies, no refused bodies.
    expect(growth[0]).toBeLessThanOrEqual((UPLOADS_PER_DAY + 1) * size);
    // Each upload drops the oldest version; once VACUUM has freed those, a day adds next to nothing.
    expect(growth[2]).toBeLessThanOrEqual(size);
    const [{ n }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM receipts WHERE registration_id = $1 AND replaced_at IS NOT NULL",
      [r.id],
    );
    expect(n).toBe(KEPT_VERSIONS);
  });
});
