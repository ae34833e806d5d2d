/** An error whose message is safe to show the user (pt-BR) with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More of the answer, beside `error` (e.g. the registration a duplicate matched). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}
