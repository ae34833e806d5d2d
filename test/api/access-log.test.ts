import { OWN_PAYMENT_DETAILS } from "../support/own-payment-details";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { buildApp, loggerOptions } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/database";
import { useFreshDatabase } from "../support/test-database";

describe("request log", () => {
  let db: Database;
  useFreshDatabase("pglite", (opened) => (db = opened));

  /** Three requests through a server logging at `level`; answers every JSON line it printed. */
  async function linesAt(level: string) {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: level, ...OWN_PAYMENT_DETAILS });
    let out = "";
    const log = pino(loggerOptions(config) as pino.LoggerOptions, {
      write: (line: string) => {
        out += line;
      },
    });
    const app = await buildApp({ config, db, logger: log, distDir: process.env.TEST_DIST_DIR });
    try {
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      const created = await app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: {
          nome_completo: `Pessoa Do Log ${level}`,
          idade: 20,
          numero_responsavel: "98911112222",
          metodo_pagamento: "PIX",
        },
      });
      expect(created.statusCode).toBe(201);
      expect((await app.inject({ method: "GET", url: "/api/nada" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    return out
      .trim()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            reqId?: string;
            req?: { method: string; url: string };
            res?: { statusCode: number };
            responseTime?: number;
          },
      );
  }

  it("prints one line per request at info, when it ends, with the request, the status and the time", async () => {
    const lines = await linesAt("info");
    const requestLines = lines.filter((l) => l.reqId);
    expect(requestLines.map((l) => l.msg)).toEqual(["request completed", "request completed", "request completed"]);
    expect(requestLines.map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ["GET", "/api/health", 200],
      ["POST", "/api/registrations", 201],
      ["GET", "/api/nada", 404],
    ]);
    for (const l of requestLines) expect(l.responseTime).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain("Pessoa Do Log");
  });

  it("also prints the line when a request starts at debug", async () => {
    const lines = await linesAt("debug");
    const started = lines.filter((l) => l.msg === "incoming request");
    const ended = lines.filter((l) => l.msg === "request completed");
    expect(started.map((l) => l.req?.url)).toEqual(["/api/health", "/api/registrations", "/api/nada"]);
    expect(started.map((l) => l.reqId)).toEqual(ended.map((l) => l.reqId));
  });
});
