import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { appIcons } from "./scripts/app-icons";
import { embedConfig } from "./src/server/plugins/client-app";
import type { PublicEventConfig } from "./src/shared/api-types";

/**
 * Writes .br and .gz next to every text asset, once, at build time; the server
 * sends them (@fastify/static preCompressed). Uncompressed, the first load of
 * "/" was 270 KB of JavaScript on the wire: over Lighthouse's slow 4G that
 * alone is about 1.3 s (bench/lighthouse.ts).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "caravana-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|txt|json|wasm)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue; // a request's own overhead is larger than the saving
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Emits /admin-sw.js, the roll call's service worker, with the list of every
 * built asset to keep for offline use and a version that changes with them.
 */
function rollCallWorker(): Plugin {
  let root = "";
  return {
    name: "caravana-roll-call-worker",
    apply: "build",
    // After Vite drops the chunks that only carried CSS: they are never written.
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((f) => f.startsWith("assets/"))
        .sort()
        .map((f) => `/${f}`);
      const version = createHash("sha256").update(assets.join("\n")).digest("hex").slice(0, 12);
      const source = readFileSync(resolve(root, "service-worker/admin-sw.js"), "utf8")
        .replace("__VERSION__", version)
        .replace("__ASSETS__", JSON.stringify(assets));
      this.emitFile({ type: "asset", fileName: "admin-sw.js", source });
    },
  };
}

/** The home screen's and the notices' icons (scripts/app-icons.ts), drawn at build time. */
function iconFiles(): Plugin {
  return {
    name: "caravana-icons",
    apply: "build",
    generateBundle() {
      for (const [fileName, source] of Object.entries(appIcons())) this.emitFile({ type: "asset", fileName, source });
    },
  };
}

/**
 * Writes route-preloads.json: for each lazily loaded route (src/client/routes/*.tsx),
 * the files its chunk needs. The server puts them in that page's HTML as
 * preloads, so they download beside the main bundle instead of after it
 * (bench/boarding.ts: the roll call's first visit on slow 4G).
 */
function routePreloads(): Plugin {
  return {
    name: "caravana-route-preloads",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [[c.fileName, c] as const] : [])),
      );
      const routes: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const route = chunk.isDynamicEntry ? /\/routes\/([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? "")?.[1] : null;
        if (!route) continue;
        const files = new Set<string>();
        const visit = (name: string) => {
          const c = chunks.get(name);
          if (!c || c.isEntry || files.has(`/${name}`)) return;
          files.add(`/${name}`);
          for (const css of c.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
          for (const next of c.imports) visit(next);
        };
        visit(chunk.fileName);
        routes[route] = [...files];
      }
      this.emitFile({ type: "asset", fileName: "route-preloads.json", source: JSON.stringify(routes) });
    },
  };
}

/** `npm run dev` sends the API to the server `npm start` runs (PORT, or 3000 unset). */
const DEV_API = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * Under `npm run dev`, the page gets the event's settings from the running server, as the server embeds them in
 * the built page (plugins/client-app.ts): without them the app stops before its first screen.
 */
function devAppConfig(): Plugin {
  return {
    name: "caravana-dev-app-config",
    apply: "serve",
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        const answer = await fetch(`${DEV_API}/api/config`).catch(() => null);
        if (!answer?.ok) {
          throw new Error(`npm run dev precisa do servidor em ${DEV_API}: rode "npm start" em outro terminal.`);
        }
        return embedConfig(html, (await answer.json()) as PublicEventConfig);
      },
    },
  };
}

/** The visitor's pages after the form (src/client/routes/pages.ts, VISITOR_PAGES). */
const VISITOR_ROUTE = /[\\/]src[\\/]client[\\/]routes[\\/](thanks|thanks-authorization|my-registration)\.tsx$/;

/** What Rolldown tells a chunk group about a module (its `ChunkingContext`): who imports it. */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/**
 * "panel" for a module that two or more of the panel's pages share and no visitor's page reaches; null leaves it
 * to Rolldown's own chunks. Those came in some twenty files of a few hundred bytes each: /admin took 20 scripts
 * and 6 stylesheets, and each request cost the phone and the server more than its bytes (decision 066).
 */
function panelChunk(id: string, ctx: ModuleGraph): string | null {
  const seen = new Set<string>([id]);
  const next = [id];
  for (let current = next.pop(); current !== undefined; current = next.pop()) {
    if (VISITOR_ROUTE.test(current)) return null;
    const info = ctx.getModuleInfo(current);
    for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) {
      if (!seen.has(importer)) {
        seen.add(importer);
        next.push(importer);
      }
    }
  }
  return "panel";
}

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), devAppConfig(), rollCallWorker(), routePreloads(), iconFiles(), precompress()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    target: "es2020",
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one file: split across shared
        // chunks, the same code compressed 2 KB worse (bench/lighthouse.ts).
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"] },
            { name: panelChunk, debugName: "panel", minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    // The browser's own host goes through, so the panel's same-origin check sees the address it was opened at.
    proxy: { "/api": { target: DEV_API, changeOrigin: false } },
  },
});
