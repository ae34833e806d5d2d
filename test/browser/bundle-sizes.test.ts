import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUDGET, firstLoadAssets, report } from "../../scripts/bundle-sizes";

const dist = join(process.cwd(), "dist", "client");

describe("first-load budget of /", () => {
  it("has a built client to measure (npm test builds it first)", () => {
    expect(existsSync(join(dist, "index.html"))).toBe(true);
  });

  it(`ships at most ${BUDGET.js / 1024} KB of JS and ${BUDGET.total / 1024} KB in all, gzipped`, () => {
    const r = report(dist);
    console.info(r.text);
    expect(firstLoadAssets(dist).some((a) => a.kind === "js")).toBe(true);
    expect(r.js).toBeLessThanOrEqual(BUDGET.js);
    expect(r.total).toBeLessThanOrEqual(BUDGET.total);
  });
});

describe("files the build names", () => {
  it("the roll call's service worker and each page's preloads name only files that were written", () => {
    const worker = readFileSync(join(dist, "admin-sw.js"), "utf8");
    const kept = JSON.parse(/const ASSETS = (\[.*?\]);/s.exec(worker)?.[1] ?? "[]") as string[];
    const preloads = JSON.parse(readFileSync(join(dist, "route-preloads.json"), "utf8")) as Record<string, string[]>;
    const named = [...kept, ...Object.values(preloads).flat()];
    expect(kept.length).toBeGreaterThan(10);
    expect(named.filter((f) => !existsSync(join(dist, f)))).toEqual([]);
  });
});

describe("the panel's shared chunk", () => {
  const preloads = () =>
    JSON.parse(readFileSync(join(dist, "route-preloads.json"), "utf8")) as Record<string, string[]>;
  // The routes of VISITOR_PAGES, read from the file that lists them (src/client/routes/pages.ts).
  const pages = readFileSync(join(process.cwd(), "src", "client", "routes", "pages.ts"), "utf8");
  const visitorBlock = pages.slice(pages.indexOf("VISITOR_PAGES"), pages.indexOf("ADMIN_PAGES"));
  const visitorRoutes = [...visitorBlock.matchAll(/import\("\.\/([\w-]+)"\)/g)].map((m) => m[1]);
  const adminBlock = pages.slice(pages.indexOf("ADMIN_PAGES"));
  const adminRoutes = [...adminBlock.matchAll(/import\("\.\/([\w-]+)"\)/g)].map((m) => m[1]);

  it("is loaded by every page of the panel and by none of the visitor's (vite.config.ts, panelChunk)", () => {
    const all = preloads();
    expect(visitorRoutes.length).toBeGreaterThanOrEqual(3);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of visitorRoutes)
      expect(
        all[route]?.filter((f) => /^\/assets\/panel-/.test(f)),
        route,
      ).toEqual([]);
    for (const route of adminRoutes)
      expect(
        all[route]?.some((f) => /^\/assets\/panel-.*\.js$/.test(f)),
        route,
      ).toBe(true);
  });

  it("keeps the panel's first page to a dozen files besides the main bundle (33 requests before, decision 066)", () => {
    expect(preloads().admin.length).toBeLessThanOrEqual(12);
  });
});
