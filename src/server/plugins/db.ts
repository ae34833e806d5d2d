import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/database";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the opened database available as app.db. Whoever opened it closes it. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorate("db", opts.db);
});
