import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { THROTTLE } from "../auth/login-throttle";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";
import { pruneLimits, takeRateLimitToken } from "../limits/limits-repository";
import { MemoryBuckets } from "../limits/memory-buckets";

export interface RateLimitOptions {
  /** Names the bucket: each limiter counts apart. */
  scope: string;
  /** Requests allowed per window from one client (also the burst size). */
  limit: number;
  windowMs: number;
  /** The 429's words; a function gets the seconds until the next try, to say when. */
  message: string | ((waitSeconds: number) => string);
}

const PRUNE_EVERY_MS = 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * An onRequest hook that answers 429 with `message` once a client (an IPv4
     * address or IPv6 /64) goes over the limit: a token bucket kept in
     * PostgreSQL, so every instance shares it (take_rate_limit_token), or in memory on
     * PGlite, whose one process is every instance.
     */
    rateLimit(opts: RateLimitOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The same limit counted per a key the route names (a phone number), not per client. */
    rateLimitBy(opts: RateLimitOptions): (key: string, reply: FastifyReply) => Promise<void>;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  // PGlite's folder has one process, so its memory is the one shared count.
  const memory = app.db.kind === "pglite" ? new MemoryBuckets() : null;
  const take = async (opts: RateLimitOptions, client: string, reply: FastifyReply) => {
    const bucket = { scope: opts.scope, client, limit: opts.limit, windowMs: opts.windowMs };
    const waitMs = memory ? memory.take(bucket) : await takeRateLimitToken(app.db, bucket);
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs / 1000);
      reply.header("Retry-After", String(wait));
      throw new HttpError(429, typeof opts.message === "function" ? opts.message(wait) : opts.message);
    }
  };
  app.decorate(
    "rateLimit",
    (opts: RateLimitOptions) => (request: FastifyRequest, reply: FastifyReply) =>
      take(opts, clientKey(request.ip), reply),
  );
  app.decorate("rateLimitBy", (opts: RateLimitOptions) => (key: string, reply: FastifyReply) => take(opts, key, reply));

  const timer = setInterval(() => {
    pruneLimits(app.db, THROTTLE.windowMs).catch((err) => app.log.warn({ err }, "falha ao limpar os limites"));
  }, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
});
