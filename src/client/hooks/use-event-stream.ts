import { useEffect, useRef } from "react";

/** The server asks for `retry: 2000`; the same pause when the browser gives up for good. */
const REOPEN_MS = 2000;

type Listeners = Record<string, (data: unknown) => void>;

/**
 * One EventSource on `url` while the component is mounted. The browser retries
 * a dropped stream by itself; a stream it gave up on is opened again here.
 * `onReconnect` runs when a broken stream is back, since events sent meanwhile
 * are lost: the caller fetches what it shows again.
 */
export function useEventStream(url: string, listeners: Listeners, onReconnect?: () => void): void {
  const current = useRef({ listeners, onReconnect });
  current.current = { listeners, onReconnect };
  const names = Object.keys(listeners).sort().join(",");

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let broken = false;
    let stopped = false;

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
      });
      source.addEventListener("error", () => {
        broken = true;
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          reopen = setTimeout(connect, REOPEN_MS);
        }
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(reopen);
      source?.close();
    };
  }, [url, names]);
}
