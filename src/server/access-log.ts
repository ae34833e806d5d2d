import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One log line per request at info, written when it ends: the request (as the
 * `req` serializer in app.ts allows), the status and the time taken. Fastify's
 * own line when a request starts moves to debug, where it still shows a request
 * that never ended. Logging is real work in a surge (decision 017).
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
