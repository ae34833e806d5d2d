import { get, type IncomingMessage } from "node:http";

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

/**
 * A live SSE connection over real HTTP, collecting its events. Its own socket
 * (no keep-alive pool), destroyed by close(): a socket left open would hold
 * the server's shutdown until it timed out.
 */
export async function openStream(url: string, cookie?: string) {
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(url, { agent: false, headers: cookie !== undefined ? { cookie } : {} }, resolve);
    req.on("error", reject);
  });
  const events: SseEvent[] = [];
  res.setEncoding("utf8");
  let buffer = "";
  let text = "";
  res.on("data", (chunk: string) => {
    text += chunk;
    const taken = takeSseEvents(buffer + chunk);
    events.push(...taken.events);
    buffer = taken.rest;
  });
  // Ends when the server ends the stream, or when close() destroys it.
  const ended = new Promise<void>((resolve) => res.on("close", () => resolve()));
  return {
    status: res.statusCode ?? 0,
    contentType: res.headers["content-type"] ?? "",
    events,
    /** The raw text received so far. */
    text: () => text,
    count: (needle: string) => text.split(needle).length - 1,
    /** Settles when the server ends the stream (or close() ends it). */
    ended,
    async until(predicate: (events: SseEvent[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline) throw new Error(`eventos esperados não chegaram: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      res.destroy();
      await ended;
    },
  };
}
