import { describe, expect, it } from "vitest";
import { newContext } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import { openStream } from "../support/sse";
import { startTestApp } from "../support/test-app";
import { WAIT } from "../support/browser-admin";
import { gotoForm } from "../support/browser-visitor";

describe("a visitor whose live stream the server refused", () => {
  // One stream per address: the test's own stream takes it, so the browser's is refused (429).
  const ui = useBrowserApp(() =>
    startTestApp("pglite", { listen: true, env: { EVENTS_MAX_PER_CLIENT: "1", ADMIN_PASSWORD: "senha-de-teste-123" } }),
  );

  it("still sees the form, and still learns that it closed", async () => {
    const taken = await openStream(`${ui.app.baseUrl}/api/events`);
    const context = await newContext(ui.browser, "phone", { baseURL: ui.app.baseUrl, reducedMotion: "reduce" });
    try {
      const page = await context.newPage();
      const refused = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 429);
      await gotoForm(page, "phone");
      await refused;
      await page.getByLabel("Nome completo", { exact: true }).waitFor(WAIT);

      await ui.app.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
      await page.getByText(/estão encerradas no momento/).waitFor({ timeout: 30_000 });
      expect(await page.getByLabel("Nome completo", { exact: true }).isVisible()).toBe(false);
    } finally {
      await context.close();
      await taken.close();
    }
  }, 60_000);
});
