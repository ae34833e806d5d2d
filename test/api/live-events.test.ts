import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";
import { openStream, type SseEvent, takeSseEvents } from "../support/sse";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { LIVE_EVENTS } from "../../src/shared/live-events";
import { watchParam, watchProof } from "../../src/shared/my-registration";
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

  it("follows a registration only for a page that proves it holds its secret", async () => {
    const register = async (nome_completo: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: { nome_completo, idade: 20, numero_responsavel: "98999997777", metodo_pagamento: "PIX" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as RegistrationCreated;
    };
    const mine = await register(`Seguida ${kind}`);
    const other = await register(`Alheia ${kind}`);
    const held = await openStream(
      `${t.baseUrl}/api/events?inscricoes=${watchParam([{ id: mine.id, token: mine.upload_token }])}`,
    );
    // A stranger who knows the id, with no proof, a made-up one, or the other registration's secret.
    const strangers = await Promise.all(
      [mine.id, `${mine.id}.${"0".repeat(32)}`, `${mine.id}.${watchProof(other.upload_token, mine.id)}`].map((param) =>
        openStream(`${t.baseUrl}/api/events?inscricoes=${param}`),
      ),
    );
    await held.until((ev) => ev.some((e) => e.event === "form-status"));
    for (const s of strangers) await s.until((ev) => ev.some((e) => e.event === "form-status"));
    await t.db.query("UPDATE registrations SET nome_pagador = 'Mãe Pagadora' WHERE id = $1", [mine.id]);
    await held.until((ev) => ev.some((e) => e.event === LIVE_EVENTS.myRegistrations));
    expect(held.events.find((e) => e.event === LIVE_EVENTS.myRegistrations)?.data).toEqual({ ids: [mine.id] });
    // Something else the server sends after the change reaches every stream, so each had time to get the change.
    await t.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
    for (const s of strangers) {
      await s.until((ev) => ev.filter((e) => e.event === "form-status").length >= 2);
      expect(s.events.some((e) => e.event === LIVE_EVENTS.myRegistrations)).toBe(false);
      await s.close();
    }
    await held.close();
  });
});
