import type { Queryable } from "../db/database";
import { TooManyAttemptsError } from "../domain-errors";
import { beginLoginAttempt, forgetLoginFailures } from "../limits/limits-repository";
import { plural } from "../../shared/plural";

/**
 * Slows password guessing (docs/decisions/027). Per client (an IPv4 address
 * or an IPv6 /64): five failures are answered at once, then each further
 * attempt must wait longer (1 s, 2 s, 4 s … up to a minute). A client that
 * comes back too early is refused before any password is checked, so
 * parallel guesses gain nothing. Nobody is locked out: on a shared church
 * Wi-Fi the coordinator waits seconds, not a quarter of an hour.
 *
 * Across every address, a failure budget per minute: once spent, only
 * clients with no recent failure are heard, so a guess spread over many
 * addresses cannot get an answer for each one.
 *
 * Every attempt counts as a failure from the moment it starts; a success
 * forgets the client and gives its failures back to the budget.
 *
 * The attempts are kept in the database (begin_login_attempt, docs/schema.md), so several
 * instances on one PostgreSQL share one throttle.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  /** Failures answered at once. */
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  globalWindowMs: 60_000,
  /** Failures per minute, from all addresses together, before repeat guessers must wait. */
  globalBudget: 50,
} as const;

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  constructor(private readonly db: Queryable) {}

  /** Starts an attempt: refused while the client must wait, otherwise counted as a failure. */
  async begin(client: string): Promise<AttemptDecision> {
    const wait = await beginLoginAttempt(this.db, client, THROTTLE);
    return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
  }

  /** The password was right: the client starts afresh. */
  async succeed(client: string): Promise<void> {
    await forgetLoginFailures(this.db, client);
  }
}

/** "Aguarde 15 minutos" / "Aguarde 1 minuto" / "Aguarde 30 segundos". */
export function waitMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 60 ? plural(seconds, "segundo", "segundos") : plural(Math.ceil(seconds / 60), "minuto", "minutos");
  return `Muitas tentativas de acesso. Aguarde ${wait} e tente de novo.`;
}

/** Starts an attempt for each key (a client, a person); the first that must wait refuses, saying how long. */
export async function beginAttempts(throttle: LoginThrottle, keys: string[]): Promise<void> {
  for (const key of keys) {
    const decision = await throttle.begin(key);
    if (!decision.allowed)
      throw new TooManyAttemptsError(waitMessage(decision.retryAfterMs), Math.ceil(decision.retryAfterMs / 1000));
  }
}
