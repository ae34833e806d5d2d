import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, test as base, beforeAll, expect } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import type { RegistrationData } from "../../src/shared/registration-schema";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { adminCookie, startAdminTestApp } from "./admin-login";
import type { TestApp } from "./test-app";
import type { DbKind } from "./test-database";

/** A logged-in person of the panel: their cookie, and requests made with it. */
export interface AdminSession {
  cookie: string;
  /** Who it is, as the team list shows them. */
  member: { id: number; nome: string; login: string };
  inject(method: InjectOptions["method"], url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Any request with this session's cookie (multipart bodies, custom headers). */
  raw(options: {
    method: InjectOptions["method"];
    url: string;
    payload?: Buffer | string;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
}

export interface ApiFixtures {
  /** The server and its database, one per describe block. */
  t: TestApp;
  /** The principal Coordenação account (ADMIN_PASSWORD). */
  adminSession: AdminSession;
  /** A helper added in "Equipe", logged in. */
  equipeSession: AdminSession;
  /** Registers through the public form (an adult paying by PIX unless told otherwise) and expects 201. */
  register: (data?: Partial<RegistrationData>) => Promise<RegistrationCreated>;
  /** No registrations and no buses before each test: it runs by itself unless the block asks to keep its rows. */
  cleanDatabase: undefined;
}

/** An adult paying by PIX, with a name of its own each time: one person registers once (caravana_nome_chave). */
export const person = (data: Partial<RegistrationData> = {}): RegistrationData => {
  const idade = data.idade ?? 20;
  return {
    nome_completo: `Pessoa ${randomUUID().slice(0, 8)}`,
    idade,
    numero_responsavel: "98988887777",
    metodo_pagamento: "PIX",
    ...(idade < 18 ? { consentimento: true, responsavel_nome: "Maria Responsável", parentesco: "mae" } : {}),
    ...data,
  };
};

type Member = AdminSession["member"];

const sessionOf = (t: TestApp, { cookie, member }: { cookie: string; member: Member }): AdminSession => ({
  cookie,
  member,
  inject: (method, url, payload) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) }),
  raw: ({ method, url, payload, headers }) => t.app.inject({ method, url, payload, headers: { ...headers, cookie } }),
});

/**
 * The API tests' fixtures (after epic-stack's tests/playwright-utils.ts), for
 * one engine: call it inside a describe block, and write its tests with the
 * returned `test`. The server starts once for the block; logins are made once
 * and shared by its tests.
 */
export function apiTest(
  kind: DbKind,
  opts: {
    listen?: boolean;
    env?: Record<string, string>;
    /** The block's tests build on each other's rows (the activity log): no reset between them. */
    keepRows?: boolean;
    /** The helper's name in "Equipe" (the log shows it). */
    equipeName?: string;
  } = {},
) {
  let app: TestApp | undefined;
  let admin: Promise<{ cookie: string; member: Member }> | undefined;
  let equipe: Promise<{ cookie: string; member: Member }> | undefined;
  beforeAll(async () => {
    app = await startAdminTestApp(kind, { listen: opts.listen, env: opts.env });
  });
  afterAll(async () => {
    await app?.close();
  });
  // Each login is made once for the block: scrypt is slow on purpose.
  const adminLogin = (t: TestApp) => {
    admin ??= (async () => {
      const [member] = await t.db.query<Member>("SELECT id, nome, login FROM admin_users WHERE principal");
      return { cookie: await adminCookie(t.app), member };
    })();
    return admin;
  };
  const equipeLogin = (t: TestApp) => {
    equipe ??= (async () => {
      const coordination = sessionOf(t, await adminLogin(t));
      const added = await coordination.inject("POST", "/api/team", {
        nome: opts.equipeName ?? "Equipe Teste",
        papel: "equipe",
      });
      expect(added.statusCode, added.body).toBe(201);
      const { member, password } = added.json() as { member: Member; password: string };
      const res = await t.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { login: member.login, password },
        remoteAddress: "10.0.0.2",
      });
      expect(res.statusCode, res.body).toBe(200);
      return { cookie: `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`, member };
    })();
    return equipe;
  };

  return base.extend<ApiFixtures>({
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from its first parameter
    t: async ({}, use) => {
      if (!app) throw new Error("o servidor de teste não iniciou");
      await use(app);
    },
    cleanDatabase: [
      async ({ t }, use) => {
        if (!opts.keepRows)
          await t.db.exec(
            `DELETE FROM registrations; DELETE FROM onibus; DELETE FROM reembolsos; DELETE FROM pagamentos;
             DELETE FROM entregas_dinheiro; DELETE FROM despesas; DELETE FROM extrato_linhas;
             DELETE FROM extrato_importacoes; DELETE FROM extrato_colunas;
             DELETE FROM app_settings WHERE key = 'relogio_adiantado';`,
          );
        await use(undefined);
      },
      { auto: true },
    ],
    adminSession: async ({ t }, use) => use(sessionOf(t, await adminLogin(t))),
    equipeSession: async ({ t }, use) => use(sessionOf(t, await equipeLogin(t))),
    register: async ({ t }, use) =>
      use(async (data) => {
        const res = await t.app.inject({ method: "POST", url: "/api/registrations", payload: person(data) });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as RegistrationCreated;
      }),
  });
}
