import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The folders of one side (src/server or src/client) and which import which.
 * A layer is a first-level folder (features/<name> counts as its own), or a
 * file at the side's root. `npm run layers` prints them; src/layering.test.ts
 * fails on a cycle.
 */
export type LayerGraph = Map<string, Map<string, string[]>>;

const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return SOURCE.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The layer a path of this side belongs to, or null outside the side. */
export function layerOf(root: string, path: string): string | null {
  const rel = relative(root, path);
  if (rel.startsWith("..")) return null;
  const parts = rel.split(sep);
  if (parts.length === 1) return parts[0].replace(SOURCE, "");
  if (parts[0] === "features" && parts.length > 2) return `features/${parts[1]}`;
  return parts[0];
}

/** layer → imported layer → the files that import it (relative to the side). */
export function layerGraph(root: string): LayerGraph {
  const graph: LayerGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = layerOf(root, file)!;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (!spec.startsWith(".")) continue;
      const to = layerOf(root, resolve(dirname(file), spec));
      if (!to || to === from) continue;
      const files = edges.get(to) ?? [];
      files.push(relative(root, file));
      edges.set(to, files);
    }
  }
  return graph;
}

/** Each group of layers that reach each other (a cycle), as found by Tarjan's algorithm. */
export function cycles(graph: LayerGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  for (const side of ["src/server", "src/client"]) {
    const graph = layerGraph(resolve(side));
    console.log(`${side}:`);
    for (const [from, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
      if (edges.size > 0) console.log(`  ${from} → ${[...edges.keys()].sort().join(", ")}`);
    }
    const found = cycles(graph);
    console.log(found.length === 0 ? "  no cycles" : found.map((c) => `  CYCLE: ${c.join(" ↔ ")}`).join("\n"));
  }
}
