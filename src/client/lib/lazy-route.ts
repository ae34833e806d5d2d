import { type ComponentType, createElement, lazy, Suspense, useState } from "react";

export type LazyRoute = ComponentType & {
  /** Loads the page's code; once it is here, the page renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * What a page shows when its code could not be downloaded: `onRetry` asks for it again (`retrying` meanwhile), or
 * reloads the page once a retry failed too (`reloads`).
 */
export type LoadFailed = ComponentType<{ onRetry: () => void; retrying?: boolean; reloads?: boolean }>;

/**
 * A page whose code is its own chunk. React.lazy suspends on a page's first render even when its chunk has
 * already arrived, and React then holds suspended content back until 300 ms after its fallback appeared: every
 * load of /admin waited about a quarter of a second for nothing. A preloaded page skips the fallback. A chunk
 * that fails to download shows `failed` instead of throwing, which would leave the screen empty.
 */
export function lazyRoute(load: () => Promise<ComponentType>, failed: LoadFailed): LazyRoute {
  let loaded: ComponentType | undefined;
  let failures = 0;
  // Reads the count when it renders, after the failure that brought it was counted.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level, as React.lazy is.
  const Failed: LoadFailed = (props) => createElement(failed, { ...props, reloads: failures > 1 });
  const preload = () =>
    load().then((page) => {
      loaded = page;
    });
  const pending = () =>
    lazy<LoadFailed>(() =>
      preload().then(
        // A page takes no props: the onRetry it is handed on this first render goes unread.
        () => ({ default: loaded as LoadFailed }),
        () => {
          failures += 1;
          return { default: Failed };
        },
      ),
    );
  let Pending = pending();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level, as React.lazy is.
  const Route = () => {
    const [, setAttempt] = useState(0);
    if (loaded) return createElement(loaded);
    const onRetry = () => {
      // Failing twice is seldom the signal: a new version replaced the files, and some browsers keep a failed
      // download's answer. A reload asks for the page's current files.
      if (failures > 1) return window.location.reload();
      Pending = pending();
      setAttempt((n) => n + 1);
    };
    const page = createElement(Pending, { onRetry });
    // Retrying, the failure stays on screen, busy, instead of the page's own empty fallback.
    return failures > 0
      ? createElement(Suspense, { fallback: createElement(failed, { onRetry, retrying: true }) }, page)
      : page;
  };
  return Object.assign(Route, { preload });
}
