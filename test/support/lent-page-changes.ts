import type { BrowserContext, CDPSession, Disposable, Page } from "playwright-core";

// What a test may change in a lent page and its context (lent-pages.ts), and how each change is taken away
// or makes the page one that is not lent again (decisions 058 and 089).

/**
 * What a test may do to a context or a page that cannot be undone afterwards: a page on which any of these
 * was called is not lent again, and its context is closed (the clock's methods are watched as well). Routes
 * and the network's state can be undone, and are (emptyPage in lent-pages.ts), and so are init scripts,
 * exposed functions and DevTools sessions (watchChanges).
 */
const LASTING_CHANGES = {
  context: [
    "routeFromHAR",
    "routeWebSocket",
    "grantPermissions",
    "setGeolocation",
    "setExtraHTTPHeaders",
    "setHTTPCredentials",
    "setStorageState",
    "clearPermissions",
    "setDefaultTimeout",
    "setDefaultNavigationTimeout",
  ],
  page: [
    "routeFromHAR",
    "routeWebSocket",
    "setExtraHTTPHeaders",
    "emulateMedia",
    "addLocatorHandler",
    "setDefaultTimeout",
    "setDefaultNavigationTimeout",
  ],
  clock: ["install", "fastForward", "runFor", "pauseAt", "resume", "setFixedTime", "setSystemTime"],
} as const;

/** What a test may add that Playwright can take away again: each returns a Disposable, disposed after the test. */
const UNDONE_CHANGES = ["addInitScript", "exposeBinding", "exposeFunction"] as const;

/** Events a test may listen to: a listener left behind would hear the next test's page, so it is removed. */
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

/** A page and its context, with what the test using them changed. */
export interface TestChanges {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Whether the test made a change that cannot be undone. */
  changed: boolean;
  /** The listeners the page and its context had when they were made: Playwright's own. */
  readonly listeners: ReadonlyMap<object, ReadonlyMap<string, readonly unknown[]>>;
  /** What takes away the init scripts, exposed functions and DevTools sessions the current test added. */
  readonly undo: (() => Promise<void>)[];
}

/**
 * Watches the page and its context from now on: a lasting change marks them changed, and what can be taken away
 * again is recorded in `undo`. The wrappers sit on the test's own objects; Playwright's internals do not call them.
 */
export function watchChanges(lent: TestChanges): void {
  const wrap = (target: object, names: readonly string[], around: (result: unknown) => unknown) => {
    const methods = target as Record<string, (...args: unknown[]) => unknown>;
    for (const name of names) {
      const original = methods[name];
      methods[name] = (...args: unknown[]) => around(original.apply(target, args));
    }
  };
  const lasting = (result: unknown) => {
    lent.changed = true;
    return result;
  };
  const undone = async (result: unknown) => {
    const disposable = (await result) as Disposable;
    lent.undo.push(() => disposable.dispose());
    return disposable;
  };
  // A test's DevTools session would go on receiving the events it enabled, for every later test.
  const detached = async (result: unknown) => {
    const session = (await result) as CDPSession;
    lent.undo.push(() => session.detach().catch(() => {}));
    return session;
  };
  wrap(lent.context, LASTING_CHANGES.context, lasting);
  wrap(lent.page, LASTING_CHANGES.page, lasting);
  wrap(lent.context.clock, LASTING_CHANGES.clock, lasting);
  wrap(lent.context, UNDONE_CHANGES, undone);
  wrap(lent.page, UNDONE_CHANGES, undone);
  wrap(lent.context, ["newCDPSession"], detached);
}

// Playwright's pages and contexts are event emitters; its types leave these methods out.
interface Emitter {
  listeners(event: string): unknown[];
  off(event: string, listener: unknown): void;
}
/** The listeners on the page and its context now, by event: taken when they are made, so Playwright's own. */
export const listenersOf = ({ page, context }: { page: Page; context: BrowserContext }) =>
  new Map<object, Map<string, unknown[]>>([
    [page, new Map(EVENTS.page.map((event) => [event, (page as unknown as Emitter).listeners(event)]))],
    [context, new Map(EVENTS.context.map((event) => [event, (context as unknown as Emitter).listeners(event)]))],
  ]);

/** Takes away the listeners a test added to the page and its context, keeping Playwright's own. */
export function removeAddedListeners(lent: TestChanges): void {
  for (const [emitter, events] of lent.listeners) {
    for (const [event, own] of events) {
      for (const listener of (emitter as Emitter).listeners(event)) {
        if (!own.includes(listener)) (emitter as Emitter).off(event, listener);
      }
    }
  }
}
