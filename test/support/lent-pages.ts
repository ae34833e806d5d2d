import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { newContext, VIEWPORTS, type ViewportName } from "./browser";

// The pages and contexts of the worker's Chromium that a file's tests use: a page is lent from test to test
// when the test leaves it as it found it (decision 058).

/**
 * What a test may do to a context or a page that cannot be undone afterwards: a page on which any of these
 * was called is not lent again, and its context is closed (the clock's methods are watched as well). Routes
 * and the network's state can be undone, and are (returnPage).
 */
const LASTING_CHANGES = {
  context: [
    "routeFromHAR",
    "routeWebSocket",
    "addInitScript",
    "grantPermissions",
    "setGeolocation",
    "setExtraHTTPHeaders",
    "setHTTPCredentials",
    "setStorageState",
    "clearPermissions",
    "exposeBinding",
    "exposeFunction",
    "setDefaultTimeout",
    "setDefaultNavigationTimeout",
  ],
  page: [
    "routeFromHAR",
    "routeWebSocket",
    "addInitScript",
    "exposeBinding",
    "exposeFunction",
    "setExtraHTTPHeaders",
    "emulateMedia",
    "addLocatorHandler",
    "setDefaultTimeout",
    "setDefaultNavigationTimeout",
  ],
  clock: ["install", "fastForward", "runFor", "pauseAt", "resume", "setFixedTime", "setSystemTime"],
} as const;

/** Events a test may listen to: a listener left behind would hear the next test's page. */
const EVENTS = {
  page: [
    "close",
    "console",
    "crash",
    "dialog",
    "domcontentloaded",
    "download",
    "filechooser",
    "frameattached",
    "framedetached",
    "framenavigated",
    "load",
    "pageerror",
    "popup",
    "request",
    "requestfailed",
    "requestfinished",
    "response",
    "websocket",
    "worker",
  ],
  context: [
    "close",
    "console",
    "dialog",
    "page",
    "request",
    "requestfailed",
    "requestfinished",
    "response",
    "serviceworker",
    "weberror",
  ],
} as const;

/** A page lent to a test, with what is needed to give it to the next one clean. */
export interface LentPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
  readonly key: string;
  readonly origin: string;
  changed: boolean;
  readonly listeners: readonly number[];
}

/** Idle pages by browser, then by viewport and context options: one of each, ready for the next test. */
const idlePages = new WeakMap<Browser, Map<string, LentPage>>();

function watchLastingChanges(lent: LentPage): void {
  const watch = (target: object, names: readonly string[]) => {
    const methods = target as Record<string, (...args: unknown[]) => unknown>;
    for (const name of names) {
      const original = methods[name];
      methods[name] = (...args: unknown[]) => {
        lent.changed = true;
        return original.apply(target, args);
      };
    }
  };
  watch(lent.context, LASTING_CHANGES.context);
  watch(lent.page, LASTING_CHANGES.page);
  watch(lent.context.clock, LASTING_CHANGES.clock);
}

// Playwright's pages and contexts are event emitters; its types leave listenerCount out.
const countOf = (emitter: object, event: string): number =>
  (emitter as { listenerCount(event: string): number }).listenerCount(event);
const listenerCounts = ({ page, context }: { page: Page; context: BrowserContext }): number[] => [
  ...EVENTS.page.map((event) => countOf(page, event)),
  ...EVENTS.context.map((event) => countOf(context, event)),
];

/**
 * A page with nothing of the origin's (no cookies, no storage, no service worker, no history), at the
 * viewport asked for. It is the page an earlier test left as it found it when there is one: a new context
 * and its first page cost 1.0–1.2 s on this machine, another load in an open page 0.34 s (decision 058).
 * Give it back with `returnPage`.
 */
export async function borrowPage(
  browser: Browser,
  viewport: ViewportName,
  opts: Parameters<typeof newContext>[2],
): Promise<LentPage> {
  const key = JSON.stringify([viewport, opts]);
  const idle = idlePages.get(browser)?.get(key);
  idlePages.get(browser)?.delete(key);
  if (idle && !idle.page.isClosed()) {
    await idle.page.setViewportSize(VIEWPORTS[viewport]);
    return idle;
  }
  const context = await newContext(browser, viewport, opts);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const origin = new URL(opts.baseURL).origin;
  const lent: LentPage = {
    context,
    page,
    cdp,
    key,
    origin,
    changed: false,
    listeners: listenerCounts({ page, context }),
  };
  watchLastingChanges(lent);
  return lent;
}

/** Everything of the last test's that a new context would not have, gone; the page on the site's robots.txt. */
async function emptyPage({ page, context, cdp, origin }: LentPage): Promise<void> {
  // The tab's own storage, which clearing the origin's data leaves, while the page is still on the site.
  if (page.url().startsWith(origin)) await page.evaluate(() => sessionStorage.clear());
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
  // Off the app now, so the last test's app (its streams and timers) ends with the test. A page of the same
  // origin rather than about:blank: every answer carries Cross-Origin-Opener-Policy, and Chromium starts a new
  // renderer process for a page that comes to the site from about:blank (decision 062).
  await page.goto(`${origin}/robots.txt`);
  await cdp.send("Page.resetNavigationHistory");
  await context.clearCookies();
  await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  await page.mouse.move(0, 0);
}

/**
 * After the test: the page waits, emptied, for the next one if the test passed and left it as it found it
 * (still open, the context's only page, no lasting change, no listener left); else its context is closed.
 */
export async function returnPage(browser: Browser, lent: LentPage, passed: boolean): Promise<void> {
  const asFound =
    passed &&
    !lent.changed &&
    !lent.page.isClosed() &&
    lent.context.pages().length === 1 &&
    listenerCounts(lent).every((n, i) => n === lent.listeners[i]);
  const idle = idlePages.get(browser) ?? new Map<string, LentPage>();
  idlePages.set(browser, idle);
  if (!asFound || idle.has(lent.key)) {
    await lent.context.close();
    return;
  }
  try {
    await emptyPage(lent);
  } catch {
    // A page that cannot be emptied (it crashed, say) is not lent again.
    await lent.context.close();
    return;
  }
  idle.set(lent.key, lent);
}

/** Runs `fn` on a page from `borrowPage`, and gives it back afterwards, pass or fail. */
export async function withNewPage(
  browser: Browser,
  viewport: ViewportName,
  opts: Parameters<typeof newContext>[2],
  fn: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const lent = await borrowPage(browser, viewport, opts);
  let passed = false;
  try {
    await fn(lent.page, lent.context);
    passed = true;
  } finally {
    await returnPage(browser, lent, passed);
  }
}

/** After a file: the contexts it left open in the worker's Chromium, the pages waiting to be lent among them. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (browser) idlePages.delete(browser);
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}
