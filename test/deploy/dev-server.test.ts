import { join } from "node:path";
import { createServer } from "vite";
import { describe, expect, it } from "vitest";
import { startAdminTestApp, TEST_ADMIN_PASSWORD } from "../support/admin-login";

// `npm run dev` as a developer runs it: Vite's server beside the real one that `npm start` runs.
const ROOT = join(import.meta.dirname, "../..");

describe("npm run dev", () => {
  it("serves the page with the running server's settings, logs the panel in through its proxy, and says what is missing without it", async () => {
    const api = await startAdminTestApp("pglite", { listen: true });
    const port = process.env.PORT;
    // vite.config.ts reads PORT as the server does, so `PORT=3001 npm start` and `PORT=3001 npm run dev` meet.
    process.env.PORT = new URL(api.baseUrl).port;
    let apiOpen = true;
    const vite = await createServer({
      root: join(ROOT, "src/client"),
      configFile: join(ROOT, "vite.config.ts"),
      logLevel: "silent",
      server: { host: "127.0.0.1", port: 0 },
      // The page's HTML is what is checked: no dependency is bundled ahead.
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      await vite.listen();
      const base = vite.resolvedUrls?.local[0] ?? "";
      const page = await (await fetch(base)).text();
      expect(page).toContain("<title>Inscrição Caravana JDJ 2025 · Juventude Católica VG</title>");
      expect(page).toMatch(/<script type="application\/json" id="app-config">\{"eventTitle":"JDJ 2025"/);
      expect(page).not.toContain("{{");

      const login = await fetch(`${base}api/session`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: new URL(base).origin },
        body: JSON.stringify({ login: "", password: TEST_ADMIN_PASSWORD }),
      });
      expect(login.status, await login.text()).toBe(200);

      await api.close();
      apiOpen = false;
      const alone = await fetch(base);
      expect(alone.status).toBe(500);
      expect(await alone.text()).toContain("npm run dev precisa do servidor em http://localhost:");
    } finally {
      await vite.close();
      if (apiOpen) await api.close();
      if (port === undefined) delete process.env.PORT;
      else process.env.PORT = port;
    }
  }, 60_000);
});
