import { useEffect, useRef } from "react";

/**
 * A function that runs `fn` once calls have stopped for `ms`: a burst of live
 * events becomes one read of the list. The latest `fn` runs; a pending call is
 * dropped when the component goes away.
 */
export function useDebounced(fn: () => void, ms: number): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const debounced = useRef(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), ms);
  });
  return debounced.current;
}
