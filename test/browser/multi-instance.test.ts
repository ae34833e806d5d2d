import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { newContext, screenshot, workerBrowser, WAIT } from "../support/browser";
import { closeContexts } from "../support/lent-pages";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { freshDatabaseEnv } from "../support/test-database";
import { gotoForm } from "../support/browser-visitor";

const PASSWORD = "senha-de-teste-123";

/**
 * Two server processes on different ports share one real PostgreSQL. Changes
 * made through one reach pages served by the other, through LISTEN/NOTIFY.
 */
describe("two instances on one PostgreSQL", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let browser: Browser;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabaseEnv("postgres");
    cleanup = fresh.cleanup;
    const env = { DATABASE_URL: fresh.env.DATABASE_URL, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "warn" };
    // Separate DATA_DIRs would not matter with DATABASE_URL; the instances share nothing but the database.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    browser = await workerBrowser();
  }, 120_000);

  afterAll(async () => {
    await closeContexts(browser);
    for (const s of [a, b]) {
      if (!s) continue;
      s.child.kill("SIGTERM");
      await s.exited;
    }
    await cleanup?.();
  });

  async function adminOn(server: ServerProcess): Promise<Page> {
    const ctx = await newContext(browser, "desktop", { baseURL: server.baseUrl });
    const page = await ctx.newPage();
    await page.goto("/admin");
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acessar Painel" }).click();
    await page.getByRole("heading", { name: "Estatísticas" }).waitFor(WAIT);
    await page.getByText(/registro\(s\) encontrado\(s\)/).waitFor(WAIT);
    return page;
  }

  it("shows on B's admin page a registration posted to A, live", async () => {
    expect(a.port).not.toBe(b.port);
    const admin = await adminOn(b);
    const res = await fetch(`${a.baseUrl}/api/registrations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        nome_completo: "Chegou Pela Instância A",
        idade: 22,
        numero_responsavel: "98999990000",
        metodo_pagamento: "PIX",
      }),
    });
    expect(res.status).toBe(201);
    await admin.getByRole("rowheader", { name: "Chegou Pela Instância A" }).waitFor(WAIT);
    await expect.poll(() => admin.getByText("1 registro(s) encontrado(s)").count(), WAIT).toBe(1);
    await screenshot(admin, "multi-instance-admin-b");
    await admin.context().close();
  }, 90_000);

  it("closes the form on A's visitor page when the switch is flipped on B", async () => {
    const visitorCtx = await newContext(browser, "phone", { baseURL: a.baseUrl });
    const visitor = await visitorCtx.newPage();
    await gotoForm(visitor, "phone");
    const admin = await adminOn(b);

    const toggle = admin.getByRole("switch", { name: "Inscrições abertas" });
    await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("true");
    await toggle.click();
    await admin
      .getByRole("dialog", { name: "Encerrar inscrições?" })
      .getByRole("button", { name: "Encerrar inscrições" })
      .click();
    await visitor.getByRole("heading", { name: "Inscrições Encerradas" }).waitFor({ timeout: 5_000 });
    await screenshot(visitor, "multi-instance-visitor-a-closed");

    await toggle.click();
    await visitor.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor({ timeout: 5_000 });
    await visitorCtx.close();
    await admin.context().close();
  }, 90_000);
});
