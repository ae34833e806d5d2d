import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { THROTTLE } from "../auth/login-throttle";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";
import { pruneLimits, takeRateLimitToken } from "../limits/limits-repository";

export interface RateLimitOptions {
  /** Names the bucket: each limiter counts apart. */
  scope: string;
  /** Requests allowed per window from one client (also the burst size). */
  limit: number;
  windowMs: number;
  message: string;
}

const PRUNE_EVERY_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * An onRequest hook that answers 429 with `message` once a client (an IPv4
     * address or IPv6 /64) goes over the limit: a token bucket kept in the
     * database, so every instance shares it (migration 017).
     */
    rateLimit(opts: RateLimitOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  app.decorate("rateLimit", (opts: RateLimitOptions) => async (request: FastifyRequest, reply: FastifyReply) => {
    const waitMs = await takeRateLimitToken(app.db, {
      scope: opts.scope,
      client: clientKey(request.ip),
      limit: opts.limit,
      windowMs: opts.windowMs,
    });
    if (waitMs > 0) {
      reply.header("Retry-After", String(Math.ceil(waitMs / 1000)));
      throw new HttpError(429, opts.message);
    }
  });

  const timer = setInterval(() => {
    pruneLimits(app.db, THROTTLE.windowMs).catch((err) => app.log.warn({ err }, "falha ao limpar os limites"));
  }, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
});
