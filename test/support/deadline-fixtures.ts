import { expect } from "vitest";
import type { EventSettings, SettingsView } from "../../src/shared/event-settings";
import type { AdminSession } from "./api-fixtures";
import { clockNow } from "./clock";
import type { TestApp } from "./test-app";

/** What the payment deadlines' API tests share (test/api/deadlines*.test.ts). */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function addBus(admin: AdminSession, nome: string, lugares: number) {
  const res = await admin.inject("POST", "/api/buses", { nome, lugares });
  expect(res.statusCode, res.body).toBe(201);
}

export async function settings(admin: AdminSession, change: Partial<EventSettings>) {
  const view = (await admin.inject("GET", "/api/settings")).json() as SettingsView;
  const res = await admin.inject("PUT", "/api/settings", { ...view.values, ...change });
  expect(res.statusCode, res.body).toBe(200);
}

export const row = async (t: TestApp, id: string) =>
  (
    await t.db.query<{ situacao: string; status_pagamento: string; prazo: Date | null; ordem_espera: number | null }>(
      "SELECT situacao, status_pagamento, prazo_pagamento AS prazo, ordem_espera FROM registrations WHERE id = $1",
      [id],
    )
  )[0];

/** The day (AAAA-MM-DD) in the event's zone, `days` days after `at`. */
export const localDay = (at: Date, days: number) =>
  new Date(at.getTime() + days * DAY).toLocaleDateString("en-CA", { timeZone: "America/Fortaleza" });

/** 23:59 of a day in the event's zone: where a deadline in days, or "Último dia para pagar", ends (decision 076). */
export const endOfDay = (day: string) => new Date(`${day}T23:59:00-03:00`);

/**
 * The deadline of a seat with `days` days to pay, given between `since` and now by the deadlines' clock. Both ends,
 * so a seat given across midnight finds its day.
 */
export const endsOfDay = async (t: TestApp, since: Date, days: number) => [
  endOfDay(localDay(since, days)),
  endOfDay(localDay(await clockNow(t.db), days)),
];

/** Hours from now to the registration's deadline, by the deadlines' clock. */
export const hoursLeft = async (t: TestApp, id: string) => {
  const [r] = await t.db.query<{ h: number }>(
    "SELECT round(extract(epoch FROM prazo_pagamento - caravana_agora()) / 3600)::int AS h FROM registrations WHERE id = $1",
    [id],
  );
  return r.h;
};

export const pay = (admin: AdminSession, id: string) =>
  admin.inject("PATCH", `/api/registrations/${id}`, { status_pagamento: "confirmado" });
