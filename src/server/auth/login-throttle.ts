/**
 * Slows password guessing (docs/decisions/027). Per client (an IPv4 address
 * or an IPv6 /64): five failures are answered at once, then each further
 * attempt must wait longer (1 s, 2 s, 4 s … up to a minute). A client that
 * comes back too early is answered 429 before any password is checked, so
 * parallel guesses gain nothing. Nobody is locked out: on a shared church
 * Wi-Fi the coordinator waits seconds, not a quarter of an hour.
 *
 * Across every address, a failure budget per minute: once spent, only
 * clients with no recent failure are heard, so a guess spread over many
 * addresses cannot get an answer for each one.
 *
 * Every attempt counts as a failure from the moment it starts; a success
 * forgets the client and gives its failure back to the budget.
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
  /** Bounds memory under an attack from many addresses. */
  maxClients: 50_000,
} as const;

interface ClientState {
  failures: number[];
  nextAt: number;
}

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly clients = new Map<string, ClientState>();
  /** Times of recent failures from anyone, oldest first. */
  private global: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts an attempt: refused while the client must wait, otherwise counted as a failure. */
  begin(client: string): AttemptDecision {
    const now = this.now();
    const state = this.state(client, now);
    if (state.nextAt > now) return { allowed: false, retryAfterMs: state.nextAt - now };
    this.global = this.global.filter((t) => now - t < THROTTLE.globalWindowMs);
    if (this.global.length >= THROTTLE.globalBudget && state.failures.length > 0) {
      return { allowed: false, retryAfterMs: this.global[0] + THROTTLE.globalWindowMs - now };
    }
    state.failures.push(now);
    this.global.push(now);
    const over = state.failures.length - THROTTLE.freeFailures;
    if (over > 0) state.nextAt = now + Math.min(THROTTLE.baseDelayMs * 2 ** (over - 1), THROTTLE.maxDelayMs);
    return { allowed: true };
  }

  /** The password was right: the client starts afresh. */
  succeed(client: string): void {
    if (this.clients.delete(client)) this.global.pop();
  }

  get size(): number {
    return this.clients.size;
  }

  private state(client: string, now: number): ClientState {
    let state = this.clients.get(client);
    if (!state) {
      if (this.clients.size >= THROTTLE.maxClients) this.prune(now);
      state = { failures: [], nextAt: 0 };
      this.clients.set(client, state);
    }
    state.failures = state.failures.filter((t) => now - t < THROTTLE.windowMs);
    return state;
  }

  private prune(now: number): void {
    for (const [client, s] of this.clients) {
      const active = s.nextAt > now || s.failures.some((t) => now - t < THROTTLE.windowMs);
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
