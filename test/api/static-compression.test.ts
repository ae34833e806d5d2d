import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DIST_DIR } from "../../src/server/app";
import { IMMUTABLE } from "../../src/server/plugins/client-app";
import { startTestApp, type TestApp } from "../support/test-app";

// The build writes .br and .gz beside each asset (vite.config.ts); the server
// must send them to browsers that accept them, and the plain file otherwise.
describe("compressed static assets", () => {
  let t: TestApp;
  let script: string;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    const html = (await t.app.inject({ url: "/" })).body;
    script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
  });
  afterAll(async () => {
    await t?.close();
  });

  const original = () => readFileSync(join(process.env.TEST_DIST_DIR ?? DEFAULT_DIST_DIR, script));

  it("sends brotli when the browser accepts it, the same bytes once decoded", async () => {
    const res = await t.app.inject({ url: script, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(res.rawPayload.length).toBeLessThan(original().length / 2);
    expect(brotliDecompressSync(res.rawPayload).equals(original())).toBe(true);
  });

  it("falls back to gzip, then to the plain file", async () => {
    const gz = await t.app.inject({ url: script, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).equals(original())).toBe(true);
    const plain = await t.app.inject({ url: script, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(original())).toBe(true);
  });

  it("lets the browser keep a hashed asset for a year, in every encoding, and ask again for what keeps its name", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await t.app.inject({ url: script, headers: { "accept-encoding": encoding } });
      expect(res.headers["cache-control"], encoding).toBe(IMMUTABLE);
    }
    for (const url of ["/favicon.svg", "/robots.txt", "/admin-sw.js"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("public, max-age=0");
    }
    // The pages carry the settings, which change: never from a cache without asking.
    expect((await t.app.inject({ url: "/" })).headers["cache-control"]).toBe("no-cache");
  });
});
