import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";
import { type SseEvent, takeSseEvents } from "../support/sse";
import { DB_KINDS } from "../support/test-database";

/** Reads SSE frames from a real HTTP connection until `until` matches one. */
async function readEvents(url: string, until: (events: SseEvent[]) => boolean, act: () => Promise<void>) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  let acted = false;
  const deadline = Date.now() + 5000;
  try {
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const taken = takeSseEvents(buffer);
      events.push(...taken.events);
      buffer = taken.rest;
      if (!acted && events.length > 0) {
        acted = true;
        await act();
      }
      if (until(events)) break;
    }
  } finally {
    controller.abort();
  }
  return { res, events };
}

describe.each(DB_KINDS)("GET /api/events on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { listen: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends the current status, then every change, and no personal data to a visitor", async () => {
    const { res, events } = await readEvents(
      `${t.baseUrl}/api/events`,
      (ev) => ev.filter((e) => e.event === "form-status").length >= 3,
      async () => {
        await t.app.inject({
          method: "POST",
          url: "/api/registrations",
          payload: {
            nome_completo: "Visitante Secreto",
            idade: 20,
            numero_responsavel: "98999998888",
            metodo_pagamento: "PIX",
          },
        });
        // Flipped straight in the database, as psql would: the trigger announces it.
        await t.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
        await t.db.query("UPDATE form_settings SET is_open = true, updated_at = now()");
      },
    );
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const statuses = events
      .filter((e) => e.event === "form-status")
      .map((e) => (e.data as { is_open: boolean }).is_open);
    expect(statuses).toEqual([true, false, true]);
    expect(JSON.stringify(events)).not.toContain("Visitante Secreto");
    expect(events.some((e) => e.event.startsWith("registration"))).toBe(false);
  });
});
