import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { workerBrowser } from "./browser";
import { closeContexts, closeIdlePagesElsewhere } from "./lent-pages";
import type { TestApp } from "./test-app";

/**
 * For a browser test file: starts the app (with `start`) before its tests,
 * beside the worker's Chromium, and closes the app and every browser context
 * the file left open after them, but for the emptied pages that wait to be
 * lent (lent-pages.ts). Read `app` and `browser` inside tests and hooks, once
 * they are started.
 */
export function useBrowserApp(start: () => Promise<TestApp>): { readonly app: TestApp; readonly browser: Browser } {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([start(), workerBrowser()]);
    await closeIdlePagesElsewhere(browser, app.baseUrl);
  });
  afterAll(async () => {
    await closeContexts(browser);
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
