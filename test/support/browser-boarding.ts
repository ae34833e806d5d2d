import { AUTHORIZATION_AGE } from "../../src/shared/minors";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import type { TestApp } from "./test-app";
import { ADMIN_PASSWORD } from "./browser-admin";
import { WAIT } from "./browser";

/** Shared by the roll call's browser tests (test/browser/boarding*.test.ts). */

export async function addBus(app: TestApp, nome: string, lugares: number, ordem: number): Promise<string> {
  const [{ id }] = await app.db.query<{ id: string }>(
    "INSERT INTO onibus (nome, lugares, ordem) VALUES ($1, $2, $3) RETURNING id",
    [nome, lugares, ordem],
  );
  return id;
}

/**
 * A registration through the public API, as a visitor makes it; paid unless told (`owes`): the door asks
 * about money first, and most of these tests are about the door, not the money.
 */
export async function register(
  app: TestApp,
  nome: string,
  idade = 20,
  opts: { owes?: boolean } = {},
): Promise<RegistrationCreated> {
  const res = await fetch(`${app.baseUrl}/api/registrations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      nome_completo: nome,
      idade,
      numero_responsavel: "98988887777",
      metodo_pagamento: "PIX",
      ...(idade < 18 ? { consentimento: true, responsavel_nome: "Maria Responsável", parentesco: "mae" } : {}),
    }),
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as RegistrationCreated;
  if (!opts.owes)
    await app.db.query("UPDATE registrations SET status_pagamento = 'confirmado' WHERE id = $1", [created.id]);
  // Under 16, the signed travel authorisation is taken as handed in: these tests are about the door, not the paper.
  if (idade < AUTHORIZATION_AGE)
    await app.db.query(
      "UPDATE registrations SET autorizacao_recebida_em = now(), autorizacao_por = 'teste' WHERE id = $1",
      [created.id],
    );
  return created;
}

/** Logs in and opens the roll call; waits until the page is kept for offline use. */
export async function openRollCall(page: Page): Promise<void> {
  const res = await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
  await page.goto("/admin/embarque");
  await page.getByText(/\d+ de \d+ embarcados/).waitFor(WAIT);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
}

/** The big tap target of one passenger. */
export const passenger = (page: Page, nome: string) => page.getByRole("button", { name: new RegExp(`^${nome}`) });

export async function boardedInDatabase(app: TestApp, trip = "ida"): Promise<string[]> {
  const rows = await app.db.query<{ nome_completo: string }>(
    `SELECT r.nome_completo FROM embarques e JOIN registrations r ON r.id = e.inscricao_id
     WHERE e.embarcou AND e.viagem = $1 ORDER BY r.nome_completo`,
    [trip],
  );
  return rows.map((r) => r.nome_completo);
}

/**
 * A TCP relay in front of the app whose connections can be cut. Chromium's
 * offline emulation let a few requests through after a reload of a page with
 * a service worker; a cut relay is a dead network for everything.
 */
export async function cuttableRelay(
  target: string,
): Promise<{ url: string; cut(on: boolean): void; close(): Promise<void> }> {
  const { port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let down = false;
  const relay = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(Number(targetPort), "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut(on) {
      down = on;
      if (on) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        relay.close(() => resolve());
      }),
  };
}
