import type { StatementQueuePlace } from "../../../shared/finance-views";
import { UnavailableError } from "../../domain-errors";

/** Statements waiting on one instance, besides the one being read: more are refused at once. */
export const MAX_WAITING_STATEMENTS = 10;
/** The longest a statement waits for its turn before it is refused. */
export const MAX_STATEMENT_WAIT_MS = 60_000;

export const QUEUE_FULL = "Há muitos extratos sendo lidos agora. Espere um minuto e envie o seu de novo.";

/**
 * One statement read at a time on this instance (decision 039): eight 5 MB
 * files read at once took the server from 200 MB to 670 MB and starved each
 * other past the time limit. The rest wait in order; a ticket (the page's own
 * id for its upload) says where one stands, for "Na fila…".
 */
export class ReadingQueue {
  private readonly waiting: string[] = [];
  private reading: string | null = null;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: { maxWaiting?: number; maxWaitMs?: number; now?: () => number } = {}) {}

  place(ticket: string): StatementQueuePlace {
    if (this.reading === ticket) return { estado: "lendo" };
    const at = this.waiting.indexOf(ticket);
    return at < 0 ? null : { estado: "fila", antes: at + (this.reading ? 1 : 0) };
  }

  /** Runs `read` when its turn comes; refused when too many wait, or when the wait passes its limit. */
  run<T>(ticket: string, read: () => Promise<T>): Promise<T> {
    if (this.waiting.length >= (this.opts.maxWaiting ?? MAX_WAITING_STATEMENTS))
      return Promise.reject(new UnavailableError(QUEUE_FULL));
    this.waiting.push(ticket);
    const now = this.opts.now ?? Date.now;
    const started = now();
    const turn = this.tail.then(async () => {
      this.waiting.splice(this.waiting.indexOf(ticket), 1);
      if (now() - started > (this.opts.maxWaitMs ?? MAX_STATEMENT_WAIT_MS)) throw new UnavailableError(QUEUE_FULL);
      this.reading = ticket;
      try {
        return await read();
      } finally {
        this.reading = null;
      }
    });
    this.tail = turn.catch(() => {});
    return turn;
  }
}
