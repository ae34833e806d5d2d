import { useEffect, useRef } from "react";

/** The server asks for `retry: 2000`; the same first pause when the browser gives up for good. */
const REOPEN_MS = 2000;
/** A stream refused again and again (the server's caps: 429) is tried less and less often. */
const REOPEN_MAX_MS = 60_000;
/** While no stream is open, `whileBroken` runs this often, so the page still follows what changes. */
const BROKEN_POLL_MS = 20_000;

type Listeners = Record<string, (data: unknown) => void>;

/**
 * One EventSource on `url` while the component is mounted. The browser retries
 * a dropped stream by itself; a stream it gave up on is opened again here.
 * `onReconnect` runs when a broken stream is back, since events sent meanwhile
 * are lost: the caller fetches what it shows again. Unless `firstOpen` is
 * "trust", it also runs when the stream first opens: the page's first fetch ran
 * beside the stream's start, and a change between the two sent the page no
 * event. `whileBroken` runs every 20 s while there is no stream (a server that
 * refused one still answers GETs).
 */
export function useEventStream(
  url: string,
  listeners: Listeners,
  onReconnect?: () => void,
  whileBroken?: () => void,
  firstOpen: "refetch" | "trust" = "refetch",
): void {
  const current = useRef({ listeners, onReconnect, whileBroken });
  current.current = { listeners, onReconnect, whileBroken };
  const names = Object.keys(listeners).sort().join(",");

  useEffect(() => {
    if (typeof EventSource === "undefined" || !url) return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    // Until the first open, as after a break: what the page fetched may already be behind.
    let broken = firstOpen === "refetch";
    let stopped = false;
    let delay = REOPEN_MS;
    const poll = setInterval(() => {
      if (broken) current.current.whileBroken?.();
    }, BROKEN_POLL_MS);

    const connect = () => {
      source = new EventSource(url);
      for (const name of names.split(",").filter(Boolean)) {
        source.addEventListener(name, (event) => {
          let data: unknown;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return; // a malformed frame is ignored; the next one or a refetch brings the truth
          }
          current.current.listeners[name]?.(data);
        });
      }
      source.addEventListener("open", () => {
        if (broken) current.current.onReconnect?.();
        broken = false;
        delay = REOPEN_MS;
      });
      source.addEventListener("error", () => {
        broken = true;
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          reopen = setTimeout(connect, delay);
          delay = Math.min(delay * 2, REOPEN_MAX_MS);
        }
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(reopen);
      clearInterval(poll);
      source?.close();
    };
  }, [url, names, firstOpen]);
}
