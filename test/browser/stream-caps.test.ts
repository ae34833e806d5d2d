import { describe, expect, it } from "vitest";
import { newContext, WAIT } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import { openStream } from "../support/sse";
import { startTestApp } from "../support/test-app";
import { gotoForm } from "../support/browser-visitor";

describe("a visitor whose live stream the server refused", () => {
  // One stream per address: the test's own stream takes it, so the browser's is refused (429).
  const ui = useBrowserApp(() =>
    startTestApp("pglite", { listen: true, env: { EVENTS_MAX_PER_CLIENT: "1", ADMIN_PASSWORD: "senha-de-teste-123" } }),
  );

  it("still sees the form, and still learns that it closed", async () => {
    const taken = await openStream(`${ui.app.baseUrl}/api/events`);
    const context = await newContext(ui.browser, "phone", { baseURL: ui.app.baseUrl, reducedMotion: "reduce" });
    // The page's clock runs as usual until the wait for its 20 s check, which it skips.
    await context.clock.install();
    try {
      const page = await context.newPage();
      const refused = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 429);
      await gotoForm(page, "phone");
      await refused;
      await page.getByLabel("Nome completo", { exact: true }).waitFor(WAIT);

      await ui.app.db.query("UPDATE form_settings SET is_open = false, updated_at = now()");
      // The page has no stream to be told on, so it still shows the form until its check.
      await page.waitForTimeout(500);
      expect(await page.getByLabel("Nome completo", { exact: true }).isVisible()).toBe(true);
      await context.clock.fastForward(20_000);
      // Well under the 20 s: the notice comes from the check, not from time passing.
      await page.getByText(/estão encerradas no momento/).waitFor({ timeout: 5_000 });
      expect(await page.getByLabel("Nome completo", { exact: true }).isVisible()).toBe(false);
    } finally {
      await context.close();
      await taken.close();
    }
  });
});
