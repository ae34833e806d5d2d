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
