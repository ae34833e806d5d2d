import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { freshDatabaseEnv } from "../support/test-database";

/** SIGTERM to `server` while `socket` is open: how it exited and how long that took. */
async function stopWithSocketOpen(server: ServerProcess, socket: Socket) {
  await new Promise((r) => setTimeout(r, 300));
  const sent = performance.now();
  server.child.kill("SIGTERM");
  const exit = await server.exited;
  const took = performance.now() - sent;
  socket.destroy();
  return { exit, took };
}

describe("SIGTERM", () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv("pglite");
    env = { ...fresh.env, ADMIN_PASSWORD: "senha-de-teste-123" };
    cleanup = fresh.cleanup;
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it("finishes in-flight requests, ends SSE streams, closes the database and exits 0", async () => {
    const server = await startServerProcess(env);
    const sse = await fetch(`${server.baseUrl}/api/events`);
    const reader = sse.body!.getReader();
    await reader.read(); // the stream is open

    // Five requests in flight: headers and half the body sent, the rest only after SIGTERM.
    const body = (i: number) =>
      JSON.stringify({
        nome_completo: `Em voo ${i}`,
        idade: 20,
        numero_responsavel: "98999998888",
        metodo_pagamento: "PIX",
      });
    const sockets = await Promise.all(
      Array.from(
        { length: 5 },
        (_, i) =>
          new Promise<{ socket: Socket; rest: string; answer: Promise<string> }>((resolve) => {
            const payload = body(i);
            const socket = connect(server.port, "127.0.0.1", () => {
              const half = payload.slice(0, 10);
              socket.write(
                `POST /api/registrations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${half}`,
              );
              let text = "";
              const answer = new Promise<string>((done) => {
                socket.on("data", (d) => (text += d));
                socket.on("close", () => done(text));
              });
              resolve({ socket, rest: payload.slice(10), answer });
            });
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    // write, not end: a client that half-closes gets its socket ended by Node
    // (httpAllowHalfOpen is off) before an asynchronous handler can answer.
    for (const s of sockets) s.socket.write(s.rest);
    const answers = await Promise.all(sockets.map((s) => s.answer));
    for (const a of answers) {
      expect(a).toMatch(/^HTTP\/1\.1 201/);
      // Or the keep-alive socket would hold the exit for keepAliveTimeout.
      expect(a).toMatch(/\r\nconnection: close\r\n/i);
    }

    // The SSE stream ends instead of hanging the shutdown.
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain("encerrado");

    // The database was closed cleanly: the lock is free and a new server starts on the same DATA_DIR.
    const again = await startServerProcess(env);
    const res = await fetch(`${again.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    again.child.kill("SIGTERM");
    expect((await again.exited).code).toBe(0);
  }, 120_000);

  it("exits within a few seconds of SIGTERM even while a request never finishes", async () => {
    const server = await startServerProcess(env);
    // A body that stops half-way: the slow-client limit would wait 15 s for it.
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(
        "POST /api/registrations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{",
      );
    });
    socket.on("error", () => {});
    const { exit, took } = await stopWithSocketOpen(server, socket);
    expect(took).toBeLessThan(8000);
    expect(exit.code).toBe(1);
    expect(server.output()).toContain("encerrado à força");

    // What was written is kept: the database opens again.
    const again = await startServerProcess(env);
    expect((await fetch(`${again.baseUrl}/api/health`)).status).toBe(200);
    again.child.kill("SIGTERM");
    expect((await again.exited).code).toBe(0);
  }, 120_000);

  it("exits 0 at once past a connection that sent nothing yet, as a browser opens ahead of need", async () => {
    const server = await startServerProcess(env);
    const socket = connect(server.port, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise((r) => socket.once("connect", r));
    const { exit, took } = await stopWithSocketOpen(server, socket);
    // The 5 s grace is for requests still being served; this connection has none.
    expect(exit.code, server.output()).toBe(0);
    expect(took).toBeLessThan(4000);
    expect(server.output()).not.toContain("encerrado à força");
  }, 120_000);

  it("refuses a second server on the same DATA_DIR", async () => {
    const first = await startServerProcess(env);
    try {
      await expect(startServerProcess(env)).rejects.toThrow(/já está em uso pelo processo/);
    } finally {
      first.child.kill("SIGTERM");
      await first.exited;
    }
  }, 120_000);
});
