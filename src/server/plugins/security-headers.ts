import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

// No inline scripts: the event config reaches the page as a JSON data block, which CSP does not execute.
const CSP = [
  "default-src 'self'",
  // wasm-unsafe-eval lets the roll call's QR reader compile its WebAssembly decoder; it allows no JavaScript eval.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Sets the headers on one reply; also called for answers given before routing, which skip onSend hooks. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  // A route may set a stricter policy of its own (receipts do).
  if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", CSP);
  reply.header("X-Content-Type-Options", "nosniff");
  // Pages and answers behind a secret set "no-referrer" themselves ("Minha inscrição").
  if (!reply.hasHeader("Referrer-Policy")) reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
  reply.header("X-Frame-Options", "DENY");
  reply.header("Cross-Origin-Opener-Policy", "same-origin");
  if (request.protocol === "https") {
    reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", async (request, reply) => setSecurityHeaders(request, reply));
});
