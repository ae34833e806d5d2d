import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's default rules, plus the experimental `p-as-heading`, on the page
 * as it is now; one line per violation ("rule: help @ selectors"), none when
 * the state is clean. Injected through the DevTools protocol, which the
 * page's Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
    };
    const result = await axe.run(document, {
      rules: { "p-as-heading": { enabled: true } },
      resultTypes: ["violations"],
    });
    return result.violations;
  });
  return (found as AxeViolation[]).map(
    (v) => `${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}
