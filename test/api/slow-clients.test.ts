import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { SLOW_MESSAGES } from "../../src/server/plugins/slow-clients";
import type { TestApp } from "../support/test-app";
import { startTestApp } from "../support/test-app";

/** A raw connection: what a slow client sends, and everything the server answers until it closes. */
function rawClient(baseUrl: string) {
  const { port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), "127.0.0.1");
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (d) => (answer += d));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.on("error", () => {});
  return {
    send: (text: string) => socket.write(text),
    /** Resolves with the answer once the server closed, or with what came by `ms`. */
    answer: (ms: number) =>
      Promise.race([closed, new Promise((r) => setTimeout(r, ms))]).then(() => ({
        answer,
        closed: socket.destroyed || socket.readableEnded,
      })),
    close: () => socket.destroy(),
  };
}

// One engine: no database is involved in cutting a slow client.
describe("slow clients", () => {
  let t: TestApp;
  let created: RegistrationCreated;
  beforeAll(async () => {
    t = await startTestApp("pglite", { listen: true, env: { BODY_TIMEOUT_MS: "1000" } });
    const res = await fetch(`${t.baseUrl}/api/registrations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        nome_completo: "Ana Lenta",
        idade: 20,
        numero_responsavel: "98988887777",
        metodo_pagamento: "PIX",
      }),
    });
    created = (await res.json()) as RegistrationCreated;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("cuts a JSON body that does not arrive in time with a pt-BR 408", async () => {
    const c = rawClient(t.baseUrl);
    c.send(
      "POST /api/registrations HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n",
    );
    c.send('{"nome_completo": "Ana');
    const started = Date.now();
    const { answer, closed } = await c.answer(5000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(JSON.stringify({ error: SLOW_MESSAGES.body }));
    expect(closed).toBe(true);
  });

  it("lets an upload take its time while it moves, and cuts one that stopped", async () => {
    const boundary = "----lento";
    const head = (length: number) =>
      `POST /api/registrations/${created.id}/receipt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${created.upload_token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pix.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

    // Moving: 8 KB every 0.5 s for 3 s, longer than one window, is not cut.
    const moving = rawClient(t.baseUrl);
    moving.send(head(10 * 1024 * 1024));
    for (let i = 0; i < 6; i++) {
      moving.send("x".repeat(8 * 1024));
      await new Promise((r) => setTimeout(r, 500));
    }
    expect((await moving.answer(10)).answer).toBe("");
    moving.close();

    // Stopped: a few bytes, then nothing.
    const stopped = rawClient(t.baseUrl);
    stopped.send(head(10 * 1024 * 1024));
    stopped.send("\xff\xd8\xff");
    const { answer, closed } = await stopped.answer(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(JSON.stringify({ error: SLOW_MESSAGES.upload }));
    expect(closed).toBe(true);
  });

  it("answers slow headers with 408, within a body's window when it is shorter than 10 s", async () => {
    const c = rawClient(t.baseUrl);
    c.send("GET / HTTP/1.1\r\nHost: x\r\n");
    const started = Date.now();
    const { answer, closed } = await c.answer(20_000);
    // BODY_TIMEOUT_MS is 1 s here; Node looks every 250 ms.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closed).toBe(true);
  });
});
