import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_LIMIT_MESSAGES } from "../../src/server/plugins/realtime";
import { openStream } from "../support/sse";
import type { TestApp } from "../support/test-app";
import { startTestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

/** GET /api/events from a chosen loopback address: the status, the Retry-After, the body when refused. */
function streamFrom(baseUrl: string, localAddress: string) {
  return new Promise<{ status: number; retryAfter?: string; body: string; close: () => void }>((resolve, reject) => {
    const req = request(`${baseUrl}/api/events`, { localAddress }, (res) => {
      if (res.statusCode === 200) {
        resolve({ status: 200, body: "", close: () => req.destroy() });
        return;
      }
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"], body, close: () => {} }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(DB_KINDS)("caps on live streams on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { listen: true, env: { EVENTS_MAX_PER_CLIENT: "3", EVENTS_MAX_TOTAL: "5" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses streams beyond the cap per address and in total with a pt-BR 429, and keeps serving", async () => {
    const a = await Promise.all([1, 2, 3].map(() => streamFrom(t.baseUrl, "127.0.0.1")));
    expect(a.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await streamFrom(t.baseUrl, "127.0.0.1");
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body)).toEqual({ error: STREAM_LIMIT_MESSAGES.client });
    expect(Number(fourth.retryAfter)).toBeGreaterThan(0);

    // Another address still gets its own, until the total is reached.
    const b = await Promise.all([1, 2].map(() => streamFrom(t.baseUrl, "127.0.0.2")));
    expect(b.map((s) => s.status)).toEqual([200, 200]);
    const over = await streamFrom(t.baseUrl, "127.0.0.3");
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toEqual({ error: STREAM_LIMIT_MESSAGES.total });

    // The site and the database go on.
    expect((await fetch(`${t.baseUrl}/`)).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/api/form-status`)).status).toBe(200);
    await t.db.query("CHECKPOINT");
    await t.db.query("VACUUM");

    // A closed stream frees its place.
    for (const s of [...a, ...b]) s.close();
    await expect
      .poll(async () => {
        const s = await streamFrom(t.baseUrl, "127.0.0.1");
        s.close();
        return s.status;
      })
      .toBe(200);
    const stream = await openStream(`${t.baseUrl}/api/events`);
    await stream.until((events) => events.some((e) => e.event === "form-status"));
    await stream.close();
  });
});
