import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Lighthouse and chrome-launcher, installed by this bench the first time it
 * runs, into bench/.tools (ignored by git): they are for this bench alone, and
 * kept out of the project's dependencies, whose `npm ci` they would fill with
 * warnings about Node versions (Lighthouse wants Node 22).
 */
export const LIGHTHOUSE_VERSION = "13.5.0";
const TOOLS = join(import.meta.dirname, ".tools");

/** What this bench reads of a Lighthouse result. */
export interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        numericValue?: number;
      }
    | undefined
  >;
}

export type Lighthouse = (
  url: string,
  flags: {
    port: number;
    output: "json";
    logLevel: "error";
    onlyCategories: string[];
    disableStorageReset: boolean;
  },
) => Promise<{ lhr: Lhr } | undefined>;

export interface LaunchedChrome {
  port: number;
  kill(): void;
}
export type ChromeLauncher = {
  launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<LaunchedChrome>;
};

export async function lighthouseTools(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  const installed = join(TOOLS, "node_modules", "lighthouse", "package.json");
  if (!existsSync(installed)) {
    console.log(`Instalando lighthouse@${LIGHTHOUSE_VERSION} em bench/.tools (só na primeira vez) ...`);
    execFileSync(
      "npm",
      ["install", "--prefix", TOOLS, "--no-save", "--no-audit", "--no-fund", `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: "inherit" },
    );
  }
  const load = (file: string) => import(pathToFileURL(join(TOOLS, "node_modules", file)).href);
  const [lighthouse, chromeLauncher] = await Promise.all([
    load("lighthouse/core/index.js"),
    load("chrome-launcher/dist/index.js"),
  ]);
  return { lighthouse: lighthouse.default, chromeLauncher };
}
