import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PublicEventConfig } from "../../shared/api-types";

/** Paths the SPA knows; any other page path still gets the app, with status 404. */
const APP_ROUTES = new Set(["/", "/obrigado", "/admin", "/admin/embarque", "/admin/embarque/imprimir"]);
const CONFIG_PLACEHOLDER = "<!--app-config-->";
const TITLE_PLACEHOLDER = "{{eventTitle}}";

function embedConfig(html: string, config: PublicEventConfig): string {
  // "<" escaped so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const title = config.eventTitle.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return html
    .replace(CONFIG_PLACEHOLDER, `<script type="application/json" id="app-config">${json}</script>`)
    .replaceAll(TITLE_PLACEHOLDER, title);
}

/** Serves the built client from dist/client with the event config embedded in index.html. */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string; publicConfig: PublicEventConfig }) => {
    const indexFile = join(opts.distDir, "index.html");
    if (!existsSync(indexFile)) {
      throw new Error(`Cliente não compilado: ${indexFile} não existe. Rode "npm run build".`);
    }
    const html = embedConfig(readFileSync(indexFile, "utf8"), opts.publicConfig);

    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      wildcard: false,
      allowedPath: (path) => path !== "/index.html",
      // The build writes .br and .gz beside each asset (vite.config.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so they never change.
        if (path.startsWith(join(opts.distDir, "assets"))) {
          reply.header("Cache-Control", "public, max-age=31536000, immutable");
        }
      },
    });

    const sendApp = (status: number) => (_req: unknown, reply: import("fastify").FastifyReply) =>
      reply.status(status).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(html);

    for (const path of APP_ROUTES) app.get(path, sendApp(200));

    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith("/api/") || request.method !== "GET") {
        return reply.status(404).send({ error: "Rota não encontrada." });
      }
      return sendApp(404)(request, reply);
    });
  },
);
