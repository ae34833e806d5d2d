import type { Queryable } from "../db/database";

/**
 * The per-client limits, kept in the database (rate_limit_buckets, docs/schema.md), so several
 * instances on one PostgreSQL share one allowance and one clock.
 */

/** Takes a token from a client's bucket; 0 when allowed, else the ms until the next token. */
export async function takeRateLimitToken(
  db: Queryable,
  bucket: { scope: string; client: string; limit: number; windowMs: number },
): Promise<number> {
  const [row] = await db.query<{ wait: number }>("SELECT take_rate_limit_token($1, $2, $3, $4) AS wait", [
    bucket.scope,
    bucket.client,
    bucket.limit,
    bucket.windowMs,
  ]);
  return row.wait;
}

export interface LoginThrottleRules {
  windowMs: number;
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  globalWindowMs: number;
  globalBudget: number;
}

/** Starts a login attempt, counted as a failure until it succeeds; 0 when it may go on, else the ms to wait. */
export async function beginLoginAttempt(db: Queryable, client: string, rules: LoginThrottleRules): Promise<number> {
  const [row] = await db.query<{ wait: number }>("SELECT begin_login_attempt($1, $2, $3, $4, $5, $6, $7) AS wait", [
    client,
    rules.windowMs,
    rules.freeFailures,
    rules.baseDelayMs,
    rules.maxDelayMs,
    rules.globalWindowMs,
    rules.globalBudget,
  ]);
  return row.wait;
}

/** The password was right: the client's failures are forgotten, and given back to the global budget. */
export async function forgetLoginFailures(db: Queryable, client: string): Promise<void> {
  await db.query("DELETE FROM login_attempts WHERE client = $1", [client]);
}

/** Drops full buckets and attempts older than the longest window: the tables stay as small as the traffic. */
export async function pruneLimits(db: Queryable, loginWindowMs: number): Promise<void> {
  await db.query("DELETE FROM rate_limit_buckets WHERE expires_at < clock_timestamp()");
  await db.query("DELETE FROM login_attempts WHERE at < clock_timestamp() - make_interval(secs => $1 / 1000.0)", [
    loginWindowMs,
  ]);
}
