import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHED_AFTER_REFUSALS_PER_SECOND } from "../../src/server/realtime/flood-shedding";
import { STREAM_LIMIT_MESSAGES } from "../../src/server/realtime/streams";
import { openStream } from "../support/sse";
import type { TestApp } from "../support/test-app";
import { startTestApp } from "../support/test-app";
import { DB_KINDS } from "../support/test-database";

/** GET /api/events from a chosen loopback address: the status, the Retry-After, the body when refused. */
function streamFrom(baseUrl: string, localAddress: string) {
  return new Promise<{ status: number; retryAfter?: string; body: string; close: () => void }>((resolve, reject) => {
    const req = request(`${baseUrl}/api/events`, { localAddress, agent: false }, (res) => {
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

describe("an address that floods after its refusals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("pglite", { listen: true, env: { EVENTS_MAX_PER_CLIENT: "2" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const outcome = (localAddress: string) =>
    streamFrom(t.baseUrl, localAddress).then(
      (s) => {
        s.close();
        return String(s.status);
      },
      (err: NodeJS.ErrnoException) => err.code ?? "erro",
    );

  it("has its new connections closed on arrival for a few seconds, while other addresses are served", async () => {
    const held = await Promise.all([1, 2].map(() => streamFrom(t.baseUrl, "127.0.0.1")));
    expect(held.map((s) => s.status)).toEqual([200, 200]);
    // A page refused once waits seconds; a hundred refusals within a second are a script.
    const knocks: string[] = [];
    while (knocks.length < 2000 && !knocks.includes("ECONNRESET")) knocks.push(await outcome("127.0.0.1"));
    expect(knocks.at(-1)).toBe("ECONNRESET");
    expect(knocks.length).toBeGreaterThan(SHED_AFTER_REFUSALS_PER_SECOND);
    expect(new Set(knocks.slice(0, -1))).toEqual(new Set(["429"]));
    expect(await outcome("127.0.0.1")).toBe("ECONNRESET");

    // Another address: its stream and the page as usual.
    expect(await outcome("127.0.0.2")).toBe("200");
    const page = await new Promise<number>((resolve, reject) => {
      const req = request(`${t.baseUrl}/`, { localAddress: "127.0.0.2", agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(page).toBe(200);

    // That it is heard again 5 s later is moved time, in src/server/realtime/flood-shedding.test.ts.
    for (const s of held) s.close();
  });
});
