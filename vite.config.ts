import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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
        if (!/\.(js|css|svg|txt|json)$/.test(file)) continue;
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

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), rollCallWorker(), precompress()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    target: "es2020",
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one file: split across shared
        // chunks, the same code compressed 2 KB worse (bench/lighthouse.ts).
        codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
