import { ping } from "../db/database";
import type { RoutePlugin } from "../plugins/zod-validation";

const healthRoutes: RoutePlugin = async (app) => {
  app.get("/api/health", async (_request, reply) => {
    try {
      await ping(app.db);
      // The engine is not named: it tells a visitor nothing useful and an attacker what to aim at.
      return { status: "ok" };
    } catch (err) {
      app.log.error({ err }, "banco de dados não responde");
      return reply.status(503).send({ error: "Banco de dados indisponível." });
    }
  });
};

export default healthRoutes;
