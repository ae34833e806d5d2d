import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import * as kinds from "./domain-errors";
import { domainStatus } from "./plugins/error-handler";

const SERVER = join(process.cwd(), "src/server");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("domain errors", () => {
  it("gives each kind its own HTTP status, none of them a 500", () => {
    const statuses = Object.entries(kinds)
      .filter(([name]) => name !== "DomainError")
      .map(([name, Kind]) => [
        name,
        domainStatus(new (Kind as new (m: string, n: number) => kinds.DomainError)("x", 1)),
      ]);
    expect(statuses.length).toBeGreaterThanOrEqual(7);
    for (const [name, status] of statuses) expect(status, String(name)).not.toBe(500);
    expect(new Set(statuses.map(([, status]) => status)).size).toBe(statuses.length);
  });

  it("keeps HTTP out of the domain modules: only routes/ and plugins/ import http-error", () => {
    const speakingHttp = sources(SERVER)
      .map((file) => relative(SERVER, file))
      .filter((file) => !/^(routes|plugins)\//.test(file) && file !== "http-error.ts")
      .filter((file) => /from "(\.\.?\/)+http-error"/.test(readFileSync(join(SERVER, file), "utf8")));
    expect(speakingHttp).toEqual([]);
  });
});
