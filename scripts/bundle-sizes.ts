import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Budgets for the first load of "/" (gzipped bytes, as the server's .gz files
 * are sent); see docs/performance.md. The JS stays at 95 KB: the money, the
 * minors, the editions, the participant's page and the messages belong to
 * other routes, and `npm test` fails when a change adds to the visitor's load.
 */
export const BUDGET = { js: 95 * 1024, total: 130 * 1024 } as const;

export interface AssetSize {
  file: string;
  kind: "js" | "css" | "font" | "other";
  raw: number;
  gzip: number;
}

function kindOf(file: string): AssetSize["kind"] {
  if (file.endsWith(".js")) return "js";
  if (file.endsWith(".css")) return "css";
  if (/\.(woff2?|ttf|otf)$/.test(file)) return "font";
  return "other";
}

function measure(distDir: string, file: string): AssetSize {
  const buf = readFileSync(join(distDir, file));
  return { file, kind: kindOf(file), raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** Everything index.html makes the browser fetch before the first screen: scripts, preloads, styles, fonts. */
export function firstLoadAssets(distDir: string): AssetSize[] {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const refs = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"[^>]*>/g)) {
    const tag = m[0];
    const isCode = tag.startsWith("<script") || /rel="(modulepreload|stylesheet|preload)"/.test(tag);
    if (isCode) refs.add(m[1]);
  }
  const assets = [...refs].map((f) => measure(distDir, f));
  // CSS may pull fonts with url(); count those that load up front.
  for (const css of assets.filter((a) => a.kind === "css")) {
    const text = readFileSync(join(distDir, css.file), "utf8");
    for (const m of text.matchAll(/url\(["']?\/?([^"')]+\.(?:woff2?|ttf|otf))["']?\)/g)) {
      const file = m[1].startsWith("assets/") ? m[1] : join("assets", m[1]);
      if (!assets.some((a) => a.file === file)) assets.push(measure(distDir, file));
    }
  }
  return assets;
}

export function allAssets(distDir: string): AssetSize[] {
  const dir = join(distDir, "assets");
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => measure(distDir, join("assets", f)));
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function report(distDir: string): { js: number; total: number; text: string } {
  const first = firstLoadAssets(distDir);
  const js = first.filter((a) => a.kind === "js").reduce((s, a) => s + a.gzip, 0);
  const total = first.reduce((s, a) => s + a.gzip, 0);
  const firstFiles = new Set(first.map((a) => a.file));
  const lazy = allAssets(distDir).filter((a) => !firstFiles.has(a.file) && a.kind !== "other");
  const lines = [
    "Primeira carga de / (gzip):",
    ...first.map((a) => `  ${a.file.padEnd(44)} ${kb(a.gzip).padStart(9)}`),
    `  JS ${kb(js)} de ${kb(BUDGET.js)} · total ${kb(total)} de ${kb(BUDGET.total)}`,
    "Carregado sob demanda (painel admin, QR, ...):",
    ...lazy.map((a) => `  ${a.file.padEnd(44)} ${kb(a.gzip).padStart(9)}`),
  ];
  return { js, total, text: lines.join("\n") };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = report(join(process.cwd(), "dist", "client"));
  console.log(r.text);
  // The budget is enforced by scripts/bundle-sizes.test.ts in npm test; here it only warns.
  if (r.js > BUDGET.js || r.total > BUDGET.total) console.warn("Atenção: orçamento de tamanho de / estourado.");
}
