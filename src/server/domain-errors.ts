/**
 * What a domain module throws when the caravan's rules say no. The message is
 * pt-BR and safe to show; which HTTP status each kind gets is decided in one
 * place, the error handler (plugins/error-handler.ts), beside the database's own
 * refusals. Domain modules never speak HTTP: `HttpError` is for routes and
 * plugins (decision 045).
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** More of the answer, beside the message (e.g. the registration a duplicate matched). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The request itself is incomplete or out of bounds: a reason missing, a discount above the price. */
export class InvalidInputError extends DomainError {}

/** The person asking may not do this: another helper's bus, list or cash. */
export class ForbiddenError extends DomainError {}

/** What it names is not there (any more). */
export class NotFoundError extends DomainError {}

/** The state now refuses it: a full bus, a closed edition, a taken name, a row that moved meanwhile. */
export class ConflictError extends DomainError {}

/** Well formed, but it cannot be done as asked: a group with no one in it, a message too long for its link. */
export class UnprocessableError extends DomainError {}

/** Too many tries in a short time; the message says how long to wait, and so does Retry-After. */
export class TooManyAttemptsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Something the server needs failed (the backup's disk): trying again later may work. */
export class UnavailableError extends DomainError {}
