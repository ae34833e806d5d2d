import { useCallback, useRef } from "react";

/**
 * For a hook that asks the server again and again: `begin()` marks a new
 * request and returns `isCurrent`, which turns false as soon as a newer one
 * begins, so an answer that arrives late is dropped instead of shown.
 */
export function useRequestGuard(): () => () => boolean {
  const seq = useRef(0);
  return useCallback(() => {
    const mine = ++seq.current;
    return () => mine === seq.current;
  }, []);
}
