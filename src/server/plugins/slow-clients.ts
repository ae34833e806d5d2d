import { Transform, type TransformCallback } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../http-error";

export const SLOW_MESSAGES = {
  body: "A requisição demorou demais para chegar. Verifique a conexão e tente de novo.",
  upload: "O envio do arquivo parou. Verifique a conexão e tente de novo.",
} as const;

/** Headers must arrive within this, or within a body's window when that is shorter. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for connections past that limit, at most. */
export const HEADERS_CHECK_MS = 2_000;

/**
 * For Node's HTTP server (app.ts): Node answers slow headers with 408 itself. A client too slow to send its
 * headers within the window a body gets is slow too, so a shorter BODY_TIMEOUT_MS shortens this as well.
 */
export function headersTimeouts(bodyTimeoutMs: number) {
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, bodyTimeoutMs);
  return { headersTimeout, connectionsCheckingInterval: Math.min(HEADERS_CHECK_MS, Math.ceil(headersTimeout / 4)) };
}

/** An upload must send at least this much in every window, however long it takes in all (slow 3G is about 50 KB/s). */
export const UPLOAD_MIN_BYTES = 4 * 1024;

/**
 * Time limits for slow clients (docs/decisions/027). A JSON body must have
 * arrived within `bodyTimeoutMs`. A multipart upload may take minutes but must
 * keep moving: at least UPLOAD_MIN_BYTES in each `bodyTimeoutMs`. Both are cut
 * with a pt-BR 408 and the connection closed, so a thousand slow clients hold
 * neither memory nor file descriptors for long.
 */
export const slowClientsPlugin = fp(async (app: FastifyInstance, opts: { bodyTimeoutMs: number }) => {
  const hasBody = (request: FastifyRequest) =>
    request.headers["content-length"] !== undefined || request.headers["transfer-encoding"] !== undefined;

  // Multipart bodies are read by @fastify/multipart straight from the socket, so
  // the watch is on the bytes the socket has read, without touching the stream.
  app.addHook("onRequest", async (request, reply) => {
    if (!hasBody(request) || !String(request.headers["content-type"] ?? "").startsWith("multipart/")) return;
    const raw = request.raw;
    const socket = raw.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || reply.sent) return clearInterval(timer);
      if (socket.bytesRead - seen >= UPLOAD_MIN_BYTES) {
        seen = socket.bytesRead;
        return;
      }
      clearInterval(timer);
      request.log.info("envio parado: conexão encerrada");
      const body = JSON.stringify({ error: SLOW_MESSAGES.upload });
      socket.end(
        `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }, opts.bodyTimeoutMs);
    timer.unref();
    raw.once("close", () => clearInterval(timer));
  });

  // Any other body goes through the parser: a stream that fails with 408 at the deadline.
  app.addHook("preParsing", async (request, reply, payload) => {
    if (!hasBody(request) || String(request.headers["content-type"] ?? "").startsWith("multipart/")) return payload;
    const { stream, stop } = deadline(payload, opts.bodyTimeoutMs);
    // Answered without reading the whole body (a 4xx before parsing): nothing left to watch.
    reply.raw.once("finish", stop);
    return stream;
  });
});

function deadline(source: NodeJS.ReadableStream, ms: number) {
  let received = 0;
  const watched = new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      received += chunk.length;
      (watched as unknown as { receivedEncodedLength: number }).receivedEncodedLength = received;
      done(null, chunk);
    },
  });
  const timer = setTimeout(() => watched.destroy(new HttpError(408, SLOW_MESSAGES.body)), ms);
  timer.unref();
  // The parser listens while it reads; past that, a late error must not become an uncaught one.
  watched.on("error", () => {});
  const stop = () => clearTimeout(timer);
  watched.once("end", stop);
  watched.once("close", stop);
  source.once("error", (err) => watched.destroy(err));
  source.pipe(watched);
  return { stream: watched, stop };
}
