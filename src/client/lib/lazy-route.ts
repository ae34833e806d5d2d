import { type ComponentType, createElement, lazy, useState } from "react";

export type LazyRoute = ComponentType & {
  /** Loads the page's code; once it is here, the page renders at once, without suspending. */
  preload(): Promise<void>;
};

/** What a page shows when its code could not be downloaded; `onRetry` asks for it again. */
export type LoadFailed = ComponentType<{ onRetry: () => void }>;

/**
 * A page whose code is its own chunk. React.lazy suspends on a page's first render even when its chunk has
 * already arrived, and React then holds suspended content back until 300 ms after its fallback appeared: every
 * load of /admin waited about a quarter of a second for nothing. A preloaded page skips the fallback. A chunk
 * that fails to download shows `failed` instead of throwing, which would leave the screen empty.
 */
export function lazyRoute(load: () => Promise<ComponentType>, failed: LoadFailed): LazyRoute {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((page) => {
      loaded = page;
    });
  const pending = () =>
    lazy<LoadFailed>(() =>
      preload().then(
        // A page takes no props: the onRetry it is handed on this first render goes unread.
        () => ({ default: loaded as LoadFailed }),
        () => ({ default: failed }),
      ),
    );
  let Pending = pending();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level, as React.lazy is.
  const Route = () => {
    const [, setAttempt] = useState(0);
    if (loaded) return createElement(loaded);
    const onRetry = () => {
      Pending = pending();
      setAttempt((n) => n + 1);
    };
    return createElement(Pending, { onRetry });
  };
  return Object.assign(Route, { preload });
}
