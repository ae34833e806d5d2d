import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions, urlForLog } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { JPEG_BYTES, multipartBody } from "../support/multipart";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { freshDatabaseEnv } from "../support/test-database";
import { SECRET_PERSON } from "../support/route-walk";

const ADMIN_PASSWORD = "senha-do-painel-que-nao-vaza-2025";
const WRONG_PASSWORD = "tentativa-errada-que-nao-vaza";

/**
 * The real server process, as `npm run serve` starts it, through a visitor's
 * and an admin's whole day; then everything it printed is searched for secrets.
 */
// debug prints every line info prints, and more: one process at debug covers both levels.
describe.each(["debug"])("logs at LOG_LEVEL=%s", (level) => {
  let server: ServerProcess;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabaseEnv("pglite");
    cleanup = fresh.cleanup;
    server = await startServerProcess({ ...fresh.env, LOG_LEVEL: level, ADMIN_PASSWORD });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await cleanup?.();
  });

  it("prints a lone request's line within a second or so, though lines are written in blocks", async () => {
    const before = server.output().split("request completed").length;
    const started = performance.now();
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    // A quiet moment fills no 4 kB block: the periodic flush must still write the line out.
    await expect
      .poll(() => server.output().split("request completed").length, { timeout: 2_000, interval: 50 })
      .toBeGreaterThan(before);
    console.log(`lone request's log line after ${Math.round(performance.now() - started)} ms`);
  });

  it("never prints a phone, a password, a token, the session cookie or an idempotency key", async () => {
    let requests = 0;
    const call = async (path: string, init: RequestInit = {}) => {
      requests++;
      return fetch(`${server.baseUrl}${path}`, init);
    };
    const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      call(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    expect((await postJson("/api/session", { password: WRONG_PASSWORD })).status).toBe(401);
    const login = await postJson("/api/session", { password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const token = /caravana_admin=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = `${SESSION_COOKIE}=${token}`;

    const key = randomUUID();
    const created = await postJson("/api/registrations", SECRET_PERSON, { "idempotency-key": key });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // A retry with the same key, as a phone on a bad network sends it; it gets a fresh upload token.
    const retried = await postJson("/api/registrations", SECRET_PERSON, { "idempotency-key": key });
    expect(retried.status).toBe(201);
    const { upload_token } = (await retried.json()) as { upload_token: string };

    const body = multipartBody([
      { name: "file", filename: "comprovante.jpg", contentType: "image/jpeg", data: JPEG_BYTES },
    ]);
    const payload = new Uint8Array(body.payload);
    const uploaded = await call(`/api/registrations/${id}/receipt`, {
      method: "POST",
      headers: { ...body.headers, authorization: `Bearer ${upload_token}` },
      body: payload,
    });
    expect(uploaded.status).toBe(201);
    // A token that is wrong, and a broken upload: failures are where details tend to get logged.
    const wrongToken = `Bearer ${upload_token.slice(1)}x`;
    const foreign = await call(`/api/registrations/${id}/receipt`, {
      method: "POST",
      headers: { ...body.headers, authorization: wrongToken },
      body: payload,
    });
    expect(foreign.status).toBe(403);
    const broken = await call(`/api/registrations/${id}/receipt`, {
      method: "POST",
      headers: { ...body.headers, authorization: `Bearer ${upload_token}` },
      body: payload.subarray(0, 120),
    });
    expect(broken.status).toBe(400);

    const admin = { cookie };
    // "Minha inscrição": a lookup by phone and code, the page read with its secret, and a link the panel gives.
    const reference = (
      (await (
        await call(`/api/minha-inscricao/${id}`, { headers: { authorization: `Bearer ${upload_token}` } })
      ).json()) as { referencia: string }
    ).referencia;
    const found = await postJson("/api/minha-inscricao/busca", {
      telefone: SECRET_PERSON.numero_responsavel,
      codigo: reference,
    });
    expect(found.status).toBe(200);
    const lookupToken = ((await found.json()) as { inscricoes: { token: string }[] }).inscricoes[0].token;
    expect(
      (await call(`/api/minha-inscricao/${id}`, { headers: { authorization: `Bearer ${lookupToken}` } })).status,
    ).toBe(200);
    const linked = await call(`/api/registrations/${id}/link`, { method: "POST", headers: admin });
    expect(linked.status).toBe(200);
    const linkToken = ((await linked.json()) as { token: string }).token;
    const search = encodeURIComponent(SECRET_PERSON.nome_completo.split(" ")[1]);
    const adminPaths = [
      `/api/registrations?q=${search}`,
      "/api/registrations/stats",
      `/api/registrations/${id}/receipt`,
      `/api/registrations/export.csv?q=${search}`,
      "/api/registrations/export.xlsx",
    ];
    for (const path of adminPaths) {
      const res = await call(path, { headers: admin });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    const { consentimento: _, ...person } = SECRET_PERSON;
    const edit = { ...person, numero_responsavel: "98 98765-4321", status_pagamento: "confirmado" };
    const patch = (data: unknown) =>
      call(`/api/registrations/${id}`, {
        method: "PATCH",
        headers: { ...admin, "content-type": "application/json" },
        body: JSON.stringify(data),
      });
    const edited = await patch(edit);
    expect(edited.status, await edited.text()).toBe(200);
    const badEdit = { ...edit, numero_responsavel: "98 98765-43" };
    expect((await patch(badEdit)).status).toBe(400);
    expect((await call("/api/session", { method: "DELETE", headers: admin })).status).toBe(204);
    expect((await call("/api/registrations", { headers: admin })).status).toBe(401);

    // Every request has been logged once its completion line is out.
    await expect
      .poll(() => server.output().split("request completed").length - 1, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(requests);
    server.child.kill("SIGTERM");
    await server.exited;

    const out = server.output();
    expect(out).toContain("request completed"); // the log was on, so its silence means something
    const secrets: Record<string, string> = {
      "admin password": ADMIN_PASSWORD,
      "wrong password": WRONG_PASSWORD,
      "session token": token,
      "upload token": upload_token,
      "lookup secret": lookupToken,
      "link secret": linkToken,
      "idempotency key": key,
      "phone (digits)": "98987654321",
      "phone (as typed)": "98765-4321",
      "refused phone": "98 98765-43",
      name: SECRET_PERSON.nome_completo.split(" ")[1],
    };
    const leaks = Object.entries(secrets)
      .filter(([, v]) => out.includes(v))
      .map(([k]) => k);
    console.log(
      `logs at ${level}: ${requests} requests, ${out.split("\n").length} lines printed, leaks: ${leaks.length ? leaks.join(", ") : "none"}`,
    );
    expect(leaks).toEqual([]);
  }, 120_000);
});

describe("logged database errors", () => {
  it("keep the error's code and constraint but not the row's values", async () => {
    const config = loadConfig({ LOG_LEVEL: "info" });
    let out = "";
    const log = pino(loggerOptions(config) as pino.LoggerOptions, {
      write: (line: string) => {
        out += line;
      },
    });
    // A real PGlite failure, as the server's database layer passes it on: PGlite puts the values on the error.
    const db = await PGlite.create();
    try {
      await db.exec("CREATE TABLE r (nome text, telefone text CHECK (telefone ~ '^[0-9]{10,11}$'), chave uuid UNIQUE)");
      const key = randomUUID();
      const err = (await db
        .query("INSERT INTO r VALUES ($1, $2, $3)", [SECRET_PERSON.nome_completo, "98987654321-x", key])
        .then(
          () => null,
          (e: unknown) => e,
        )) as (Error & { params?: unknown; detail?: string }) | null;
      if (!err) throw new Error("the database took a phone its CHECK refuses");
      expect(JSON.stringify([err.params, err.detail])).toContain("98987654321"); // the values are there to leak
      log.error({ err }, "erro inesperado");
      log.warn({ err: new Error("falha ao repassar evento", { cause: err }) }, "com causa");
      expect(out).toContain("23514"); // check_violation: what is needed to debug stays
      for (const secret of ["98987654321", "Sigilosa", key]) expect(out).not.toContain(secret);
    } finally {
      await db.close();
    }
  });

  it("hide query values in logged URLs", () => {
    expect(urlForLog("/api/registrations?q=Joana%20Sigilosa&page=2")).toBe(
      "/api/registrations?q=[oculto]&page=[oculto]",
    );
    expect(urlForLog("/api/registrations?Joana Sigilosa")).toBe("/api/registrations?[oculto]=[oculto]");
    expect(urlForLog("/api/health")).toBe("/api/health");
  });
});
