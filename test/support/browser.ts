import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

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
/** The two viewports that most browser files run each behaviour on, phone first. */
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];
/** Generous: two cores shared with other test runs. */
export const WAIT = { timeout: 15_000 };

/** Flags that keep Debian's Chromium off this closed network (the browser tests and bench/lighthouse.ts). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/**
 * For the tests' pages only, never a bench's: V8 runs their scripts with its interpreter and baseline
 * compiler, without its optimising compilers (Maglev, TurboFan). A test's page lives seconds, and leaving
 * those compilers out saved about an eighth of the browser files' CPU (decision 059).
 */
const TEST_PAGE_JS_FLAGS = "--js-flags=--no-maglev,--no-turbofan";

/**
 * The Chromium features Playwright 1.65 turns off for every browser it launches. Chromium keeps only the last
 * --disable-features it is given, so a list of our own must repeat these (test/browser/test-chromium.test.ts
 * checks that it still does).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AimEnabled",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsFirstBalancedModeAutoEnable",
  "HttpsUpgrades",
  "LensOverlay",
  "MediaRouter",
  "NetworkTimeServiceQuerying",
  "OptimizationHints",
  "PaintHolding",
  "PreconnectToSearch",
  "TcpPortRandomizationWin",
  "ThirdPartyStoragePartitioning",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  "msForceBrowserSignIn",
];

/**
 * For the tests' browsers: each new context opens a window, and Chromium 156 preloads the address bar's popup
 * (a web page of its own, in a renderer process of its own) for every window. Nobody types in an address bar
 * here, and that process cost about 0.55 s of CPU per context. The spare renderer that Chromium starts ahead
 * of a next page is off as well: in the tests it cost more CPU than it saved (decision 061).
 */
export const TEST_FEATURES_FLAG = `--disable-features=${[
  ...PLAYWRIGHT_DISABLED_FEATURES,
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "SpareRendererForSitePerProcess",
].join(",")}`;

/**
 * For the tests' browsers: with --disable-gpu, Chromium still composites every frame in a GPU process of its
 * own, in software. In the browser process, the same frames cost the browser files about 4 % less CPU, with
 * no messages between processes to pay for (decision 064).
 */
const TEST_GPU_FLAG = "--in-process-gpu";

/**
 * The browser's own language, as on the families' phones: date and time fields read "16/08/2025" and "20:00",
 * and the browser's own messages are in Portuguese. A context's locale changes only what pages read
 * (navigator.language, Intl); on Linux, Chromium takes its own language from the environment, and it needs
 * Debian's chromium-l10n for it (scripts/test-prerequisites.sh).
 */
const TEST_BROWSER_LANGUAGE = { LANGUAGE: "pt_BR", LANG: "pt_BR.UTF-8" };

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", ...CHROMIUM_FLAGS, "--disable-quic", TEST_PAGE_JS_FLAGS, TEST_FEATURES_FLAG, TEST_GPU_FLAG],
    env: { ...process.env, ...TEST_BROWSER_LANGUAGE },
  });
}

let workerChromium: Promise<Browser> | undefined;

/**
 * One Chromium for every browser test file this worker runs (the browser
 * project shares its workers' modules, vitest.config.ts) instead of a launch
 * per file. Files share nothing else: a file's tests may share a page lent
 * from test to test, and a file closes whatever it left open (lent-pages.ts).
 */
export function workerBrowser(): Promise<Browser> {
  workerChromium ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => (workerChromium = undefined));
    return browser;
  });
  return workerChromium;
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
 * The page on one of the site's own pages, where a test writes the origin's storage before the app reads it:
 * the light robots.txt, not a page of the app, which costs Chromium far more to load. A page lent from an
 * earlier test already waits there (lent-pages.ts) and is not loaded again.
 */
export async function onTheSite(page: Page): Promise<void> {
  if (!page.url().endsWith("/robots.txt")) await page.goto("/robots.txt");
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

/** Whether two boxes on screen share no point: a toast clear of the field or link a person taps next. */
export function boxesApart(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;
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
