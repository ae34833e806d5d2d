/**
 * Slows and then stops password guessing, per client IP, in this process's
 * memory (see docs/decisions for why that is enough and what it means with
 * several instances).
 *
 * Every attempt counts as a failure from the moment it starts, so parallel
 * requests cannot slip past the limit; a success forgets the client.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  /** Failures answered at once; later attempts wait. */
  freeFailures: 5,
  /** Failures that lock the client out for lockMs. */
  maxFailures: 10,
  lockMs: 15 * 60_000,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  /** Bounds memory under an attack from many addresses. */
  maxClients: 50_000,
} as const;

interface ClientState {
  failures: number[];
  lockedUntil: number;
}

export type AttemptDecision = { allowed: true; delayMs: number } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly clients = new Map<string, ClientState>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts an attempt: refused while locked, otherwise counted as a failure and maybe delayed. */
  begin(client: string): AttemptDecision {
    const now = this.now();
    const state = this.state(client, now);
    if (state.lockedUntil > now) return { allowed: false, retryAfterMs: state.lockedUntil - now };
    const previous = state.failures.length;
    state.failures.push(now);
    if (state.failures.length >= THROTTLE.maxFailures) state.lockedUntil = now + THROTTLE.lockMs;
    const over = previous - THROTTLE.freeFailures;
    const delayMs = over < 0 ? 0 : Math.min(THROTTLE.baseDelayMs * 2 ** over, THROTTLE.maxDelayMs);
    return { allowed: true, delayMs };
  }

  /** The password was right: the client starts afresh. */
  succeed(client: string): void {
    this.clients.delete(client);
  }

  get size(): number {
    return this.clients.size;
  }

  private state(client: string, now: number): ClientState {
    let state = this.clients.get(client);
    if (!state) {
      if (this.clients.size >= THROTTLE.maxClients) this.prune(now);
      state = { failures: [], lockedUntil: 0 };
      this.clients.set(client, state);
    }
    if (state.lockedUntil !== 0 && state.lockedUntil <= now) {
      state.failures = [];
      state.lockedUntil = 0;
    }
    state.failures = state.failures.filter((t) => now - t < THROTTLE.windowMs);
    return state;
  }

  private prune(now: number): void {
    for (const [client, s] of this.clients) {
      const active = s.lockedUntil > now || s.failures.some((t) => now - t < THROTTLE.windowMs);
      if (!active) this.clients.delete(client);
    }
    // Still full: forget the oldest tenth (Map keeps insertion order), so this runs rarely.
    for (const client of this.clients.keys()) {
      if (this.clients.size < THROTTLE.maxClients * 0.9) break;
      this.clients.delete(client);
    }
  }
}

/** "Aguarde 15 minutos" / "Aguarde 1 minuto" / "Aguarde 30 segundos". */
export function waitMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? "segundo" : "segundos"}`
      : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? "minuto" : "minutos"}`;
  return `Muitas tentativas de acesso. Aguarde ${wait} e tente de novo.`;
}
