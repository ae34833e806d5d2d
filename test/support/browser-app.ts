import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import type { TestApp } from "./test-app";

/**
 * For a browser test file: starts the app (with `start`) and Chromium before
 * its tests, side by side, and closes both after them. Read `app` and
 * `browser` inside tests and hooks, once they are started.
 */
export function useBrowserApp(start: () => Promise<TestApp>): { readonly app: TestApp; readonly browser: Browser } {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([start(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error("o app de teste ainda não foi iniciado");
      return app;
    },
    get browser() {
      if (!browser) throw new Error("o Chromium ainda não foi iniciado");
      return browser;
    },
  };
}
