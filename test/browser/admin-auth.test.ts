import { describe, expect, it } from "vitest";
import { TIMINGS } from "../../src/shared/constants";
import { screenshot, toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { backdateLoginAttempts } from "../support/clock";
import { useBrowserApp } from "../support/browser-app";
import { withNewPage } from "../support/lent-pages";
import { ADMIN_PASSWORD, dashboardReady, openDashboard, startAdminApp } from "../support/browser-admin";

describe("admin panel login", () => {
  const ui = useBrowserApp(startAdminApp);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("refuses a wrong password, logs in, keeps the session over a reload and logs out", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
        await page.goto("/admin");
        await page.getByRole("heading", { name: "Painel Administrativo" }).waitFor(WAIT);
        await page.getByText("Entre com sua senha de acesso").waitFor();
        const password = page.getByLabel("Senha", { exact: true });
        const submit = page.getByRole("button", { name: "Acessar Painel" });
        expect(await password.getAttribute("type")).toBe("password");
        expect(await submit.isDisabled()).toBe(true);
        await password.fill("   ");
        expect(await submit.isDisabled()).toBe(true);
        await screenshot(page, `admin-login-${vp}`);

        await password.fill("senha-errada");
        expect(await submit.isEnabled()).toBe(true);
        await submit.click();
        const refused = toastTitled(page, "Erro de autenticação");
        await refused.waitFor(WAIT);
        expect(await refused.textContent()).toContain("Senha incorreta. Tente novamente.");
        // Still on the login screen, ready for another try.
        expect(await submit.isEnabled()).toBe(true);

        await password.fill(ADMIN_PASSWORD);
        const started = Date.now();
        await submit.click();
        await toastTitled(page, "Login realizado com sucesso").waitFor(WAIT);
        await dashboardReady(page);
        // Spec timings: 300 ms to the toast, 500 ms more to the dashboard.
        expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.loginDelay + TIMINGS.loginRedirect - 50);
        // The site `npm start` serves is the real one: the development label is only under `npm run dev` (Vite).
        expect(await page.getByText("Modo Desenvolvimento (Mock)").count()).toBe(0);
        await page.getByText(/Total de registros:\s*0/).waitFor(WAIT);
        await expect.poll(() => page.getByText(/Última atualização: \d{2}\/\d{2}\/\d{4}/).count(), WAIT).toBe(1);

        // The browser keeps no password or auth flag; the HttpOnly cookie is invisible to scripts.
        const stored = await page.evaluate(() => ({
          local: Object.entries(localStorage),
          session: Object.entries(sessionStorage),
          cookie: document.cookie,
        }));
        expect(JSON.stringify(stored)).not.toContain(ADMIN_PASSWORD);
        expect(stored.local.filter(([k]) => /auth|admin|sess/i.test(k))).toEqual([]);
        expect(stored.session).toEqual([]);
        expect(stored.cookie).not.toContain("caravana_admin");

        await page.reload();
        await dashboardReady(page);

        await page.getByRole("button", { name: "Sair" }).click();
        await page.getByRole("button", { name: "Acessar Painel" }).waitFor(WAIT);
        const after = await page.request.get("/api/registrations/stats");
        expect(after.status()).toBe(401);
        await page.reload();
        await page.getByRole("button", { name: "Acessar Painel" }).waitFor(WAIT);
      });
    });

    it("goes back to the login screen with a toast when the session ends on the server", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
        await openDashboard(page);
        // The session ends while the tap's requests are on their way, so what answers the tap is the 401. Ended
        // before the tap, it would also end the page's live stream, whose way back would bring the page to the
        // login by itself, at times before the tap (admin-team-settings.test.ts follows that way): cut here.
        await page.route("**/api/**", async (route) => {
          if (new URL(route.request().url()).pathname === "/api/events") return route.abort();
          await ui.app.db.query("DELETE FROM admin_sessions");
          await route.continue();
        });
        await page.getByRole("button", { name: "Atualizar", exact: true }).click();
        await toastTitled(page, "Sessão expirada").waitFor(WAIT);
        await page.getByRole("button", { name: "Acessar Painel" }).waitFor(WAIT);
      });
    });
  });

  it("shows 'Verificando autenticação...' while it asks the server", async () => {
    await withNewPage(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (page) => {
      // Hold the session check so the waiting state can be seen.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route("**/api/session", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/admin");
      await page.getByText("Verificando autenticação...").waitFor(WAIT);
      release();
      await page.getByRole("button", { name: "Acessar Painel" }).waitFor(WAIT);

      // Logged in, another page of the panel shows at once while the server is asked again.
      await openDashboard(page);
      let releaseAgain!: () => void;
      const heldAgain = new Promise<void>((r) => (releaseAgain = r));
      await page.route("**/api/session", async (route) => {
        if (route.request().method() !== "GET") return route.continue();
        // The server answers "logged in" now; the page hears it only when released.
        const response = await route.fetch();
        await heldAgain;
        await route.fulfill({ response });
      });
      await page.getByRole("link", { name: "Atividade" }).click();
      await page.getByRole("heading", { name: "Atividade", level: 1 }).waitFor(WAIT);
      expect(await page.getByText("Verificando autenticação...").count()).toBe(0);

      // Back on the dashboard, "Sair" while those answers are on their way: they are older than the logout,
      // and do not log the panel back in.
      await page.getByRole("link", { name: "Voltar ao painel" }).click();
      await page.getByRole("heading", { name: "Estatísticas" }).waitFor(WAIT);
      await page.getByRole("button", { name: "Sair" }).click();
      await page.getByRole("button", { name: "Acessar Painel" }).waitFor(WAIT);
      let answered = 0;
      page.on("response", (r) => {
        if (r.url().endsWith("/api/session") && r.request().method() === "GET") answered++;
      });
      // Whether the panel comes back, even for a moment (its next calls would find the session gone).
      await page.evaluate(() => {
        const w = window as unknown as { panelBack: boolean };
        w.panelBack = false;
        new MutationObserver(() => {
          if ([...document.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Sair"))
            w.panelBack = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      releaseAgain();
      // Both held answers (the page's and the dashboard's) arrived, and a request made after them came back.
      await expect.poll(() => answered, WAIT).toBeGreaterThanOrEqual(2);
      await page.evaluate(() => fetch("/api/health").then((r) => r.text()));
      expect(await page.evaluate(() => (window as unknown as { panelBack: boolean }).panelBack)).toBe(false);
      expect(await page.getByRole("button", { name: "Acessar Painel" }).isVisible()).toBe(true);
    });
  });

  it("tells the user when the server cannot be reached during login", async () => {
    await withNewPage(ui.browser, "desktop", { baseURL: ui.app.baseUrl }, async (page) => {
      await page.goto("/admin");
      await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
      await page.route("**/api/session", (route) =>
        route.request().method() === "POST" ? route.abort("connectionfailed") : route.continue(),
      );
      await page.getByRole("button", { name: "Acessar Painel" }).click();
      const failed = toastTitled(page, "Erro de autenticação");
      await failed.waitFor(WAIT);
      expect(await failed.textContent()).toContain("Ocorreu um erro durante o login. Tente novamente.");
    });
  });

  // Last in the file: it locks this client out of the test server.
  it("shows the server's message when too many attempts were made", async () => {
    await withNewPage(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (page) => {
      // Each wrong password past the fifth makes the next wait longer (1 s, 2 s, 4 s, 8 s): move the
      // attempts back past each wait until the wait outlasts opening the page.
      let retryAfter = 0;
      for (let i = 0; i < 30 && retryAfter < 8; i++) {
        const res = await page.request.post("/api/session", { data: { password: `errada-${i}` } });
        if (res.status() !== 429) continue;
        retryAfter = Number(res.headers()["retry-after"]);
        if (retryAfter < 8) await backdateLoginAttempts(ui.app.db, retryAfter * 1000);
      }
      expect(retryAfter).toBeGreaterThanOrEqual(8);
      await page.goto("/admin");
      await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Acessar Painel" }).click();
      const locked = toastTitled(page, "Erro de autenticação");
      await locked.waitFor(WAIT);
      const text = (await locked.textContent()) ?? "";
      expect(text).not.toContain("Senha incorreta");
      expect(text).not.toContain("Ocorreu um erro durante o login");
      expect(text).toContain("Muitas tentativas de acesso. Aguarde");
    });
  });
});
