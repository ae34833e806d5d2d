export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Takes the complete frames out of a text buffer of an SSE stream; returns them and what is left. */
export function takeSseEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  for (let idx = buffer.indexOf("\n\n"); idx >= 0; idx = buffer.indexOf("\n\n")) {
    const chunk = buffer.slice(0, idx);
    buffer = buffer.slice(idx + 2);
    const event = /^event: (.*)$/m.exec(chunk)?.[1];
    const data = /^data: (.*)$/m.exec(chunk)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) });
  }
  return { events, rest: buffer };
}

/** A live SSE connection over real HTTP, collecting its events. */
export async function openStream(url: string, cookie?: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: cookie ? { cookie } : {} });
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const taken = takeSseEvents(buffer);
        events.push(...taken.events);
        buffer = taken.rest;
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    events,
    /** Settles when the server ends the stream (or close() aborts it). */
    ended: pump,
    async until(predicate: (events: SseEvent[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline) throw new Error(`eventos esperados não chegaram: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
