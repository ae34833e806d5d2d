import type { FastifyInstance } from "fastify";

export default async function healthRoutes(app: FastifyInstance) {
  app.get("/api/health", async (_request, reply) => {
    try {
      await app.db.query("SELECT 1");
      return { status: "ok", database: app.db.kind };
    } catch (err) {
      app.log.error({ err }, "banco de dados não responde");
      return reply.status(503).send({ error: "Banco de dados indisponível." });
    }
  });
}
