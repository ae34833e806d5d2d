interface Bucket {
  tokens: number;
  at: number;
}

/** Most clients kept; beyond it the least recently seen are dropped (bounded memory under a flood of addresses). */
const MAX_CLIENTS = 50_000;

/**
 * The same token buckets as take_rate_limit_token (docs/schema.md), in this
 * process's memory: PGlite's folder is open in one process only (its lock,
 * decision 020), so there the process is every instance. A row per request
 * cost PGlite the registration surge's latency target (decision 027).
 */
export class MemoryBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Takes a token; 0 when allowed, else the ms until the next token. */
  take(bucket: { scope: string; client: string; limit: number; windowMs: number }): number {
    const key = `${bucket.scope} ${bucket.client}`;
    const now = this.now();
    const rate = bucket.limit / bucket.windowMs;
    const b = this.buckets.get(key) ?? { tokens: bucket.limit, at: now };
    b.tokens = Math.min(bucket.limit, b.tokens + (now - b.at) * rate);
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
