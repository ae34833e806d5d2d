import { createHash, randomBytes } from "node:crypto";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { SESSION_COOKIE } from "../../src/server/plugins/session";
import type { Database } from "../../src/server/db/database";

/** One person whose data no request without an admin session may ever see. */
export const SECRET_PERSON = {
  nome_completo: "Joana Sigilosa da Travessia",
  idade: 17,
  numero_responsavel: "(98) 98765-4321",
  metodo_pagamento: "PIX",
  consentimento: true,
  responsavel_nome: "Maria Responsável",
  parentesco: "mae",
} as const;
/** The name, the phone as digits and as typed: none may appear in an answer an attacker gets. */
export const SECRET_STRINGS = ["Sigilosa", "98987654321", "98765-4321"];

export const newToken = () => randomBytes(32).toString("base64url");
export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
export const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

/** A session row that ended an hour ago; returns its cookie. */
export async function expiredSessionCookie(db: Database): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO admin_sessions (token_hash, user_id, expires_at)
     SELECT $1, id, now() - interval '1 hour' FROM admin_users WHERE principal`,
    [sha256(token)],
  );
  return sessionCookie(token);
}

/** Cookie values an attacker might send, none of them a session. */
export const GARBAGE_COOKIES = [
  "",
  "null",
  "../../../etc/passwd",
  "' OR '1'='1",
  "%00%ff%fe",
  "x".repeat(43).replace(/x/g, "!"),
  newToken().slice(0, 42),
  `${newToken()}A`,
  "a".repeat(4000),
  "%F0%9F%98%80%E2%80%AE",
];

/** Where a secret shows up in an answer (body or headers), or null. */
export function leakIn(text: string, secrets: readonly string[]): string | null {
  return secrets.find((s) => text.includes(s)) ?? null;
}

export function injectText(res: InjectResponse): string {
  return `${JSON.stringify(res.headers)}\n${res.body}`;
}

/** The `{ error }` message of a JSON answer, or null when it is not one. */
export function errorMessage(res: InjectResponse): string | null {
  try {
    const body = res.json() as { error?: unknown };
    return typeof body?.error === "string" && body.error.length > 0 ? body.error : null;
  } catch {
    return null;
  }
}
