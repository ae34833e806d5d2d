import type { FastifyInstance } from "fastify";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import { startTestApp, type TestApp } from "./test-app";
import type { DbKind } from "./test-database";

export const TEST_ADMIN_PASSWORD = "senha-de-teste-jdj-2025";

/** startTestApp with a known admin password. */
export function startAdminTestApp(
  kind: DbKind,
  opts: { env?: Record<string, string>; listen?: boolean } = {},
): Promise<TestApp> {
  return startTestApp(kind, { ...opts, env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, ...opts.env } });
}

/** Logs in through the real route; returns the Cookie header value ("caravana_admin=..."). */
export async function adminCookie(app: FastifyInstance, remoteAddress = "10.0.0.1"): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/session",
    payload: { password: TEST_ADMIN_PASSWORD },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login falhou: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error("login sem cookie");
  return `${SESSION_COOKIE}=${cookie.value}`;
}
