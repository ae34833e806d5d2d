import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * What becomes of the server's connections when it closes, so that none holds the exit (decision 091):
 * - A request already in flight is answered with Connection: close; otherwise its keep-alive socket holds the
 *   exit for keepAliveTimeout (72 s).
 * - Browsers open connections ahead of need. To Node 20 one that has sent no request yet is not idle
 *   (nodejs/node#63452), so closing waited for it: the built server was cut at its 5 s grace and exited 1, and an
 *   app closed in a test waited until Chromium let the socket go. Such a connection, and any accepted from then
 *   on, ends with the server; a browser asks again on a new one.
 */
export const shutdownConnectionsPlugin = fp(async (app: FastifyInstance) => {
  const unused = new Set<Socket>();
  let closing = false;
  app.server.on("connection", (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    unused.add(socket);
    socket.once("close", () => unused.delete(socket));
  });
  app.server.on("request", (request: { socket: Socket }) => unused.delete(request.socket));
  app.addHook("preClose", async () => {
    closing = true;
    for (const socket of unused) socket.destroy();
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
});
