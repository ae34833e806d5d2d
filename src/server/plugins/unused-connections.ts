import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Browsers open connections ahead of need. To Node 20 a connection that has sent no request yet is not idle
 * (nodejs/node#63452), so closing the server waited for it: the built server was cut at its 5 s grace and exited
 * 1, and an app closed in a test waited until Chromium let the socket go. Such a connection ends with the server,
 * as a kept-alive one does; a browser asks again on a new one.
 */
export const unusedConnectionsPlugin = fp(async (app: FastifyInstance) => {
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
});
