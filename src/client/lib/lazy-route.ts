import { type ComponentType, createElement, lazy } from "react";

export type LazyRoute = ComponentType & {
  /** Loads the page's code; once it is here, the page renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * A page whose code is its own chunk. React.lazy suspends on a page's first render even when its chunk has
 * already arrived, and React then holds suspended content back until 300 ms after its fallback appeared: every
 * load of /admin waited about a quarter of a second for nothing. A preloaded page skips the fallback.
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRoute {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((page) => {
      loaded = page;
    });
  const Pending = lazy(() => preload().then(() => ({ default: loaded! })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level, as React.lazy is.
  const Route = () => createElement(loaded ?? Pending);
  return Object.assign(Route, { preload });
}
