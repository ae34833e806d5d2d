import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { newContext, VIEWPORTS, type ViewportName } from "./browser";
import { listenersOf, removeAddedListeners, type TestChanges, watchChanges } from "./lent-page-changes";

// The pages and contexts of the worker's Chromium that a file's tests use: a page is lent from test to test
// when the test leaves it as it found it (decision 058).

/** A page lent to a test, with what is needed to give it to the next one clean. */
export interface LentPage extends TestChanges {
  readonly cdp: CDPSession;
  readonly key: string;
  readonly origin: string;
}

/** Pages kept idle for each viewport and context options: a test may use a few at once (two phones and a panel). */
const IDLE_PER_KEY = 3;

/** Idle pages by browser, then by viewport and context options, ready for the next test. */
const idlePages = new WeakMap<Browser, Map<string, LentPage[]>>();

/** One key for the same context: motion is reduced unless asked otherwise (newContext). */
function keyOf(viewport: ViewportName, opts: Parameters<typeof newContext>[2]): string {
  const options: Record<string, unknown> = { ...opts, reducedMotion: opts.reducedMotion ?? "reduce" };
  return JSON.stringify([viewport, Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)))]);
}

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
  const key = keyOf(viewport, opts);
  const idle = idlePages.get(browser)?.get(key)?.pop();
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
    listeners: listenersOf({ page, context }),
    undo: [],
  };
  watchChanges(lent);
  return lent;
}

/** Everything of the last test's that a new context would not have, gone; the page on the site's robots.txt. */
async function emptyPage(lent: LentPage): Promise<void> {
  const { page, context, cdp, origin } = lent;
  removeAddedListeners(lent);
  // Before the page leaves the app, so that no init script of the test's runs again.
  for (const undo of lent.undo.splice(0)) await undo();
  await Promise.all(context.pages().map((other) => (other === page ? undefined : other.close())));
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
 * After the test: the page waits, emptied, for the next one if the test passed and made no lasting change
 * (the page still open, its clock untouched); the other pages the test opened in its context are closed.
 * Else, or when enough pages of its kind wait already, its context is closed.
 */
export async function returnPage(browser: Browser, lent: LentPage, passed: boolean): Promise<void> {
  const asFound = passed && !lent.changed && !lent.page.isClosed();
  const idle = idlePages.get(browser) ?? new Map<string, LentPage[]>();
  idlePages.set(browser, idle);
  const waiting = idle.get(lent.key) ?? [];
  if (!asFound || waiting.length >= IDLE_PER_KEY) {
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
  idle.set(lent.key, [...waiting, lent]);
}

/**
 * Runs `fn` with `open`, which gives a page from `borrowPage` in a context of its own each time it is called
 * (people on different phones), and gives them all back afterwards, pass or fail.
 */
export async function withNewPages(
  browser: Browser,
  viewport: ViewportName,
  opts: Parameters<typeof newContext>[2],
  fn: (open: () => Promise<Page>) => Promise<void>,
): Promise<void> {
  const lent: LentPage[] = [];
  const open = async () => {
    const one = await borrowPage(browser, viewport, opts);
    lent.push(one);
    return one.page;
  };
  let passed = false;
  try {
    await fn(open);
    passed = true;
  } finally {
    for (const one of lent) await returnPage(browser, one, passed);
  }
}

/** Runs `fn` on a page from `borrowPage`, and gives it back afterwards, pass or fail. */
export function withNewPage(
  browser: Browser,
  viewport: ViewportName,
  opts: Parameters<typeof newContext>[2],
  fn: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  return withNewPages(browser, viewport, opts, async (open) => {
    const page = await open();
    await fn(page, page.context());
  });
}

/**
 * After a file: the contexts it left open in the worker's Chromium are closed, except those of the pages
 * waiting, emptied, to be lent. The worker's next file lends them too when its site has the same address
 * (test-app.ts keeps the port); `closeIdlePagesElsewhere` closes them when it has not.
 */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  const idle = new Set([...(idlePages.get(browser)?.values() ?? [])].flat().map(({ context }) => context));
  await Promise.all(
    browser
      .contexts()
      .filter((context) => !idle.has(context))
      .map((context) => context.close()),
  );
}

/** Before a file's tests: the idle pages of an earlier file's site at another address, closed. */
export async function closeIdlePagesElsewhere(browser: Browser, baseURL: string): Promise<void> {
  const idle = idlePages.get(browser);
  const origin = new URL(baseURL).origin;
  for (const [key, pages] of idle ?? []) {
    if (pages.every((lent) => lent.origin === origin)) continue;
    idle?.delete(key);
    await Promise.all(pages.map(({ context }) => context.close()));
  }
}
