import { ofGroup } from "../../shared/group-name";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { PublicEventConfig } from "../../shared/api-types";

/**
 * Paths the SPA knows, with the lazily loaded route module each one opens
 * (src/client/routes/<name>.tsx). Any other page path still gets the app, with status 404.
 */
const APP_ROUTES: Record<string, string | null> = {
  "/": null,
  "/obrigado": "thanks",
  "/admin": "admin",
  "/admin/embarque": "boarding",
  "/admin/embarque/imprimir": "boarding-print",
  "/admin/equipe": "team",
  "/admin/atividade": "activity",
  "/admin/configuracoes": "settings",
  "/admin/financeiro": "finance",
  "/admin/financeiro/contas": "finance-accounts",
  "/obrigado/autorizacao": "thanks-authorization",
  "/admin/autorizacoes": "authorizations",
  "/admin/edicoes": "editions",
  "/admin/mensagens": "messages",
  "/minha-inscricao": "my-registration",
};
/**
 * Pages that read a secret from their address (#…): kept by no cache, sent
 * to no other site in a Referer, and left out of search engines.
 */
const PRIVATE_PAGES = new Set(["/minha-inscricao"]);
/**
 * Data a page asks for as soon as it runs, fetched while its code downloads.
 * crossorigin="anonymous" is what a same-origin fetch() sends (cookies
 * included), so the page's own request takes the preloaded answer.
 */
const DATA_PRELOADS: Record<string, string[]> = { boarding: ["/api/boarding"] };
const PRELOADS_FILE = "route-preloads.json";
/** A hashed asset, kept by the browser for a year and never asked again. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
const CONFIG_PLACEHOLDER = "<!--app-config-->";
const TITLE_PLACEHOLDER = "{{eventTitle}}";
const EDITION_PLACEHOLDER = "{{editionLine}}";
const GROUP_PLACEHOLDER = "{{groupName}}";
const OF_GROUP_PLACEHOLDER = "{{ofGroup}}";
const PRICE_PLACEHOLDER = "{{price}}";

/**
 * The template with the title and the group's name in their places and the settings as JSON. Values
 * are joined in, never used as replacement patterns ("$'" and "$&" are text),
 * and the title goes into the template before the JSON does, so no setting
 * that mentions {{eventTitle}} is rewritten inside the JSON.
 */
export function embedConfig(html: string, config: PublicEventConfig): string {
  // "<" escaped so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const asHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return html
    .split(TITLE_PLACEHOLDER)
    .join(asHtml(config.eventTitle))
    .split(EDITION_PLACEHOLDER)
    .join(asHtml(`${config.editionNumber}ª edição: ${config.theme}`))
    .split(GROUP_PLACEHOLDER)
    .join(asHtml(config.groupName))
    .split(OF_GROUP_PLACEHOLDER)
    .join(asHtml(ofGroup(config.groupName)))
    .split(PRICE_PLACEHOLDER)
    .join(asHtml(config.price))
    .split(CONFIG_PLACEHOLDER)
    .join(`<script type="application/json" id="app-config">${json}</script>`);
}

/**
 * The page's own chunks as preloads (vite.config.ts writes the list), so they
 * download beside the main bundle instead of after it has run.
 */
function withPreloads(html: string, files: string[] = [], data: string[] = []): string {
  if (files.length + data.length === 0) return html;
  const links = [
    ...data.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`),
    ...files.map((f) =>
      // crossorigin as Vite's own <link rel="stylesheet" crossorigin>: otherwise the credentials modes
      // differ, the browser downloads the file again, and the preload is wasted.
      f.endsWith(".css")
        ? `<link rel="preload" as="style" crossorigin href="${f}">`
        : `<link rel="modulepreload" href="${f}">`,
    ),
  ].join("");
  return html.replace("</head>", `${links}</head>`);
}

/** Serves the built client from dist/client with the event config embedded in index.html. */
export const clientAppPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexFile = join(opts.distDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`Cliente não compilado: ${indexFile} não existe. Rode "npm run build".`);
  }
  const template = readFileSync(indexFile, "utf8");
  const preloadsFile = join(opts.distDir, PRELOADS_FILE);
  const preloads: Record<string, string[]> = existsSync(preloadsFile)
    ? JSON.parse(readFileSync(preloadsFile, "utf8"))
    : {};

  const assetsDir = join(opts.distDir, "assets");
  await app.register(fastifyStatic, {
    root: opts.distDir,
    index: false,
    wildcard: false,
    allowedPath: (path) => path !== "/index.html" && path !== `/${PRELOADS_FILE}`,
    // The build writes .br and .gz beside each asset (vite.config.ts).
    preCompressed: true,
    // The plugin's own Cache-Control ("public, max-age=0") replaces the one setHeaders gives (fastify-static
    // issues 477 and 508): it is off, and every file gets its header below.
    cacheControl: false,
    setHeaders(reply, path) {
      // Which file is sent depends on what the browser accepts: caches must keep them apart.
      reply.setHeader("Vary", "accept-encoding");
      // Vite puts a content hash in every asset name, so they never change; the icons, robots.txt and the roll
      // call's service worker keep their names and are asked again each time.
      reply.setHeader("Cache-Control", path.startsWith(assetsDir) ? IMMUTABLE : "public, max-age=0");
    },
  });

  // The page of each route, built again only when the settings change (a save in "Configurações").
  let builtFor = -1;
  let pages = new Map<string, string>();
  const pageOf = (route: string | null): string => {
    if (builtFor !== app.eventSettings.version) {
      builtFor = app.eventSettings.version;
      pages = new Map();
    }
    const key = route ?? "";
    let page = pages.get(key);
    if (page === undefined) {
      const html = embedConfig(template, app.eventSettings.publicConfig());
      page = route ? withPreloads(html, preloads[route], DATA_PRELOADS[route]) : html;
      pages.set(key, page);
    }
    return page;
  };
  const sendApp = (status: number, reply: FastifyReply, route: string | null) =>
    reply.status(status).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").send(pageOf(route));

  for (const [path, route] of Object.entries(APP_ROUTES)) {
    app.get(path, (_request, reply) => {
      if (!PRIVATE_PAGES.has(path)) return sendApp(200, reply, route);
      reply.header("Referrer-Policy", "no-referrer").header("X-Robots-Tag", "noindex, nofollow");
      return reply.status(200).header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(pageOf(route));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.method !== "GET") {
      return reply.status(404).send({ error: "Rota não encontrada." });
    }
    return sendApp(404, reply, null);
  });
});
