import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { clientKey } from "../client-key";
import { HttpError } from "../http-error";

export interface RateLimitOptions {
  /** Requests allowed per window from one client IP (also the burst size). */
  limit: number;
  windowMs: number;
  message: string;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Most clients kept per limiter; beyond it the oldest are dropped (bounded memory under a flood of IPs). */
const MAX_CLIENTS = 50_000;

/**
 * A token bucket per client IP: `limit` requests at once, refilled evenly over
 * the window. In-process memory, like the login throttle (docs/decisions/007).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly opts: Pick<RateLimitOptions, "limit" | "windowMs">,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token; returns 0 when allowed, else the ms until the next token. */
  take(key: string): number {
    const now = this.now();
    const rate = this.opts.limit / this.opts.windowMs;
    const b = this.buckets.get(key) ?? { tokens: this.opts.limit, at: now };
    b.tokens = Math.min(this.opts.limit, b.tokens + (now - b.at) * rate);
    b.at = now;
    this.buckets.delete(key); // re-insert: Map order is then least recently used first
    this.buckets.set(key, b);
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value as string);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / rate);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** An onRequest hook that answers 429 with `message` once a client (an IPv4 address or IPv6 /64) goes over the limit. */
    rateLimit(opts: RateLimitOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  app.decorate("rateLimit", (opts: RateLimitOptions) => {
    const buckets = new TokenBuckets(opts);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const waitMs = buckets.take(clientKey(request.ip));
      if (waitMs > 0) {
        reply.header("Retry-After", String(Math.ceil(waitMs / 1000)));
        throw new HttpError(429, opts.message);
      }
    };
  });
});
