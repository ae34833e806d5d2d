import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { Database } from "../../src/server/db/database";
import { SAVE_SCREENSHOTS, SCREENSHOT_DIR, type ViewportName, WAIT } from "./browser";
import { startTestApp, type TestApp } from "./test-app";

/** Shared by the admin panel browser tests (test/browser/admin-*.test.ts). */
export const ADMIN_PASSWORD = "senha-de-teste-123";

export function startAdminApp(): Promise<TestApp> {
  return startTestApp("pglite", { listen: true, env: { ADMIN_PASSWORD } });
}

/** Logs in through the API (the cookie lands in the page's context), then opens the dashboard. */
export async function openDashboard(page: Page): Promise<void> {
  const res = await page.request.post("/api/session", { data: { password: ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
  await page.goto("/admin");
  await dashboardReady(page);
}

export async function dashboardReady(page: Page): Promise<void> {
  await page.getByRole("heading", { name: "Estatísticas" }).waitFor(WAIT);
  // The first page of the list has arrived (either rows or an empty state).
  await page.getByText(/registro\(s\) encontrado\(s\)/).waitFor(WAIT);
}

export interface SeedRow {
  nome: string;
  idade?: number;
  telefone?: string;
  metodo?: "PIX" | "ESPECIE";
  status?: "pendente" | "confirmado";
  /** How long ago it was made; sets the order of 'Mais Recentes'. */
  minutesAgo: number;
}

export async function seed(db: Database, rows: SeedRow[]): Promise<void> {
  for (const r of rows) {
    await db.query(
      `INSERT INTO registrations (nome_completo, idade, numero_responsavel, metodo_pagamento, status_pagamento, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - $6 * interval '1 minute')`,
      [r.nome, r.idade ?? 20, r.telefone ?? "98988887777", r.metodo ?? "PIX", r.status ?? "pendente", r.minutesAgo],
    );
  }
}

export async function clearRegistrations(db: Database): Promise<void> {
  await db.query("DELETE FROM registrations");
}

/** The table row (desktop) or the card (phone) of one registration. */
export function registrationItem(page: Page, vp: ViewportName, name: string): Locator {
  return vp === "desktop"
    ? page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) })
    : page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
}

/** Names shown on the current page, top to bottom. */
export function shownNames(page: Page, vp: ViewportName): Promise<string[]> {
  return vp === "desktop"
    ? page.getByRole("rowheader").allTextContents()
    : page.getByRole("listitem").getByRole("heading", { level: 3 }).allTextContents();
}

/** Waits until the names on the page are exactly `names`. */
export async function expectNames(page: Page, vp: ViewportName, names: string[]): Promise<void> {
  await expect.poll(() => shownNames(page, vp), WAIT).toEqual(names);
}

/** What is on screen right now (a modal dialog over a long page reads better this way than full-page). */
export async function viewportShot(page: Page, name: string): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: "disabled" });
}
