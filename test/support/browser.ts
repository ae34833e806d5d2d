import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, type CDPSession, chromium, type Locator, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = join(process.cwd(), "screenshots");
/**
 * Whether this run writes screenshots under screenshots/ for a person to look at (`npm run screenshots`).
 * They assert nothing, and every screen's full-page PNG is browser time that `npm test` pays on every change.
 */
export const SAVE_SCREENSHOTS = process.env.SCREENSHOTS === "1";

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Flags that keep Debian's Chromium off this closed network (the browser tests and bench/lighthouse.ts). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", ...CHROMIUM_FLAGS, "--disable-quic"],
  });
}

let workerChromium: Promise<Browser> | undefined;

/**
 * One Chromium for every browser test file this worker runs (the browser
 * project shares its workers' modules, vitest.config.ts) instead of a launch
 * per file. Files share nothing else: each test opens its own context, and a
 * file closes whatever it left open (closeContexts).
 */
export function workerBrowser(): Promise<Browser> {
  workerChromium ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => (workerChromium = undefined));
    return browser;
  });
  return workerChromium;
}

/** After a file: the contexts it left open in the worker's Chromium, the pages waiting to be lent among them. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (browser) idlePages.delete(browser);
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/**
 * A phone or desktop context. Motion is reduced unless a test asks for it: the
 * intro fades and transitions cost every test time, and the tests about the
 * doors, the sky and the success animation ask for "no-preference".
 */
export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  opts: { baseURL: string; reducedMotion?: "reduce" | "no-preference"; permissions?: string[]; timezoneId?: string },
): Promise<BrowserContext> {
  const size = VIEWPORTS[viewport];
  return browser.newContext({
    baseURL: opts.baseURL,
    viewport: size,
    deviceScaleFactor: viewport === "phone" ? 2 : 1,
    isMobile: viewport === "phone",
    hasTouch: viewport === "phone",
    locale: "pt-BR",
    timezoneId: opts.timezoneId ?? "America/Fortaleza",
    reducedMotion: opts.reducedMotion ?? "reduce",
    permissions: opts.permissions,
  });
}

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
    "exposeBinding",
    "exposeFunction",
  ],
  page: [
    "routeFromHAR",
    "routeWebSocket",
    "addInitScript",
    "exposeBinding",
    "exposeFunction",
    "setExtraHTTPHeaders",
    "emulateMedia",
  ],
  clock: ["install", "fastForward", "runFor", "pauseAt", "resume", "setFixedTime", "setSystemTime"],
} as const;

/** Page events a test may listen to: a listener left behind would hear the next test's page. */
const PAGE_EVENTS = [
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
] as const;

/** A page lent to a test, with what is needed to give it to the next one clean. */
export interface LentPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly cdp: CDPSession;
  readonly key: string;
  readonly origin: string;
  changed: boolean;
  listeners: number[];
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

// Playwright's pages are event emitters; its types leave listenerCount out.
const listenerCounts = (page: Page): number[] =>
  PAGE_EVENTS.map((event) => (page as unknown as { listenerCount(event: string): number }).listenerCount(event));

/**
 * A page with nothing of the origin's (no cookies, no storage, no service worker), at the viewport asked
 * for. It is the page an earlier test left as it found it when there is one: a new context and its first
 * page cost 1.0–1.2 s on this machine, another load in an open page 0.34 s (decision 058). Give it back
 * with `returnPage`.
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
    // Off the origin first, so the last test's app (its streams and timers) is gone before its data is.
    await idle.page.goto("about:blank");
    await idle.context.clearCookies();
    await idle.cdp.send("Storage.clearDataForOrigin", { origin: idle.origin, storageTypes: "all" });
    await idle.page.setViewportSize(VIEWPORTS[viewport]);
    idle.listeners = listenerCounts(idle.page);
    return idle;
  }
  const context = await newContext(browser, viewport, opts);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const origin = new URL(opts.baseURL).origin;
  const lent: LentPage = { context, page, cdp, key, origin, changed: false, listeners: listenerCounts(page) };
  watchLastingChanges(lent);
  return lent;
}

/**
 * After the test: the page waits for the next one if the test passed and left it as it found it (still open,
 * the context's only page, no lasting change, no listener left), back online and with no routes; else its
 * context is closed.
 */
export async function returnPage(browser: Browser, lent: LentPage, passed: boolean): Promise<void> {
  const asFound =
    passed &&
    !lent.changed &&
    !lent.page.isClosed() &&
    lent.context.pages().length === 1 &&
    listenerCounts(lent.page).every((n, i) => n === lent.listeners[i]);
  const idle = idlePages.get(browser) ?? new Map<string, LentPage>();
  idlePages.set(browser, idle);
  if (!asFound || idle.has(lent.key)) {
    await lent.context.close();
    return;
  }
  await lent.page.unrouteAll({ behavior: "ignoreErrors" });
  await lent.context.unrouteAll({ behavior: "ignoreErrors" });
  await lent.context.setOffline(false);
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

/** Saves a PNG under screenshots/ so a person can look at each screen. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A PNG of one part of the page (a region, a card) under screenshots/, for a person to look at. */
export async function partShot(part: Locator, name: string): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await part.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A toast with this title (the newest if several are up). */
export function toastTitled(page: Page, title: string): Locator {
  return page
    .getByRole("alert")
    .or(page.getByRole("status"))
    .filter({ has: page.getByText(title, { exact: true }) })
    .last();
}

/** A 360 px wide shot of the page as it is (or of the screen only, for a menu or a dialog), for a person to look at. */
export async function shotAt360(page: Page, name: string, screenOnly = false): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  if (screenOnly) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  else await screenshot(page, name);
  if (size) await page.setViewportSize(size);
}
