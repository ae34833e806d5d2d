import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  type AdminPassword,
  type Announce,
  endSessionsOfOldPassword,
  prepareAdminPassword,
} from "../auth/admin-password";
import { TEAM_MESSAGES } from "../../shared/team";
import { actorDatabase } from "../activity/actor-database";
import type { Database } from "../db/database";
import {
  type AdminActor,
  deleteSession,
  findSession,
  insertSession,
  renewSession,
  sessionIsValid,
} from "../auth/session-repository";
import { hashToken, newSecret } from "../auth/token-hash";
import { SECRET_PATTERN } from "../../shared/constants";
import type { Config } from "../config";
import { HttpError } from "../http-error";

/** Name of the HttpOnly admin session cookie over plain HTTP (development, a LAN). */
export const SESSION_COOKIE = "caravana_admin";
/**
 * Over HTTPS: the __Host- prefix makes the browser refuse the cookie unless it
 * is Secure, for this exact host and path /, so a sibling subdomain cannot set
 * or shadow it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_TTL_MS = 12 * 60 * 60_000;
/** However often it is used, a session ends this long after its login. */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60_000;
/** A session used again after this long gets a fresh 12 h (sliding expiry) and a re-sent cookie. */
export const SESSION_RENEW_AFTER_MS = 5 * 60_000;

export const SESSION_MESSAGES = {
  invalid: "Sessão expirada ou inválida. Entre novamente.",
  crossSite: "Requisição de outro site recusada. Abra o painel pelo endereço do próprio site.",
} as const;

export interface ValidSession {
  tokenHash: string;
  user: AdminActor;
}

export interface AdminSessions {
  /** Creates a session row for that person and sets the cookie. */
  create(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** Deletes the request's session row (if any) and clears the cookie. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * The request's valid session and its person, or null. With a reply, a
   * session older than SESSION_RENEW_AFTER_MS is renewed and its cookie re-sent.
   */
  check(request: FastifyRequest, reply?: FastifyReply): Promise<ValidSession | null>;
  /** Whether a session (by token hash) is still valid; for long-lived streams. */
  isValid(tokenHash: string): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in person on an admin route (set by requireAdmin). */
    admin: AdminActor | null;
    /** The database as that person: a change made through it is logged with their name (caravana_actor_name). */
    actorDb: Database;
  }
  interface FastifyContextConfig {
    /** Equipe may call this admin route too; without it, only Coordenação (deny by default). */
    equipe?: boolean;
  }
  interface FastifyInstance {
    adminPassword: AdminPassword;
    adminSessions: AdminSessions;
    /** onRequest hook: 401 unless the request carries a valid admin session; sets request.admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook, after requireAdmin: 403 for Equipe on a route that does not say `config: { equipe: true }`. */
    requireRole: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: 403 for a state-changing request from another site. */
    sameOriginWrites: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; announce?: Announce }) => {
  await app.register(fastifyCookie);
  const password = await prepareAdminPassword(opts.config, app.db, opts.announce);
  app.decorate("adminPassword", password);
  if (await endSessionsOfOldPassword(app.db, password)) {
    app.log.warn("a senha do painel mudou: todas as sessões abertas foram encerradas");
  }

  const cookieName = (request: FastifyRequest) =>
    request.protocol === "https" ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: "strict" as const,
    path: "/",
    secure: request.protocol === "https",
  });

  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName(request), token, { ...cookieOptions(request), maxAge: SESSION_TTL_MS / 1000 });

  const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(cookieName(request), cookieOptions(request));

  const tokenOf = (request: FastifyRequest): string | null => {
    const token = request.cookies[cookieName(request)];
    return token && SECRET_PATTERN.test(token) ? token : null;
  };

  const sessions: AdminSessions = {
    async create(request, reply, userId) {
      const old = tokenOf(request);
      const token = newSecret();
      await insertSession(app.db, {
        tokenHash: hashToken(token),
        userId,
        ttlMs: SESSION_TTL_MS,
        replaces: old ? hashToken(old) : null,
      });
      setCookie(request, reply, token);
    },

    async destroy(request, reply) {
      const token = tokenOf(request);
      if (token) await deleteSession(app.db, hashToken(token));
      clearCookie(request, reply);
    },

    async check(request, reply) {
      const token = tokenOf(request);
      if (!token) return null;
      const tokenHash = hashToken(token);
      const found = await findSession(app.db, tokenHash, SESSION_TTL_MS - SESSION_RENEW_AFTER_MS, SESSION_MAX_AGE_MS);
      if (!found) return null;
      if (found.renew && reply) {
        await renewSession(app.db, tokenHash, SESSION_TTL_MS, SESSION_MAX_AGE_MS);
        setCookie(request, reply, token);
      }
      return { tokenHash, user: found.user };
    },

    isValid: (tokenHash) => sessionIsValid(app.db, tokenHash, SESSION_MAX_AGE_MS),
  };
  app.decorate("adminSessions", sessions);

  app.decorateRequest("admin", null);
  // Set for every admin route by requireAdmin; a public route has no person to name.
  app.decorateRequest("actorDb", null as unknown as Database);
  app.decorate("requireAdmin", async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessions.check(request, reply);
    if (session) {
      request.admin = session.user;
      request.actorDb = actorDatabase(app.db, session.user);
      return;
    }
    // A stale or forged cookie is dropped so the browser stops sending it.
    if (request.cookies[cookieName(request)] !== undefined) clearCookie(request, reply);
    throw new HttpError(401, SESSION_MESSAGES.invalid);
  });

  app.decorate("requireRole", async (request: FastifyRequest) => {
    if (request.admin?.papel === "coordenacao") return;
    if (request.admin?.papel === "equipe" && request.routeOptions.config.equipe === true) return;
    throw new HttpError(403, TEAM_MESSAGES.forbidden);
  });

  app.decorate("sameOriginWrites", async (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.headers["sec-fetch-site"] === "cross-site") throw new HttpError(403, SESSION_MESSAGES.crossSite);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`.toLowerCase();
    if (origin.toLowerCase() === own) return;
    if (origin.toLowerCase().replace(/^https?:/, "") === own.replace(/^https?:/, "")) {
      request.log.warn({ origin, own }, "Origin difere só no protocolo: atrás de um proxy HTTPS, defina TRUST_PROXY=1");
    }
    throw new HttpError(403, SESSION_MESSAGES.crossSite);
  });
});
