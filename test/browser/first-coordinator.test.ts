import { describe, expect, it } from "vitest";
import { newContext, WAIT } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import { withNewPage } from "../support/lent-pages";
import { startTestApp } from "../support/test-app";
import { ADMIN_PASSWORD, viewportShot } from "../support/browser-admin";
import { addBus, openRollCall, passenger, register } from "../support/browser-boarding";
import { SPLASH_NAME } from "../support/browser-visitor";

/** What a first-time coordinator and a visitor tripped on, on the phone (390 × 844, touch). */
describe("on a phone, as a first-time coordinator would", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true, env: { ADMIN_PASSWORD } }));

  // Three tries, each in a new context: 33–49 s on a loaded machine, near the 60 s of a test.
  it("keeps every letter typed right after the doors open", { timeout: 150_000 }, async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const context = await newContext(ui.browser, "phone", {
        baseURL: ui.app.baseUrl,
        reducedMotion: "no-preference",
      });
      try {
        const page = await context.newPage();
        await page.goto("/");
        await page.getByRole("button", { name: SPLASH_NAME }).tap();
        // At once, as a person does: tap the field and type, while the doors are still opening.
        // Raw taps and keys, with no waiting for the page to settle.
        const name = page.getByLabel("Nome completo", { exact: true });
        const at = (await name.boundingBox())!;
        await page.touchscreen.tap(at.x + at.width / 2, at.y + at.height / 2);
        await page.keyboard.type("Maria Rápida");
        const age = (await page.getByLabel("Idade", { exact: true }).boundingBox())!;
        await page.touchscreen.tap(age.x + age.width / 2, age.y + age.height / 2);
        await page.keyboard.type("17");
        await page.locator(".splash").waitFor({ state: "detached", ...WAIT });
        expect(await name.inputValue()).toBe("Maria Rápida");
        expect(await page.getByLabel("Idade", { exact: true }).inputValue()).toBe("17");
      } finally {
        await context.close();
      }
    }
  });

  it("lists the roll call in Portuguese order and never covers it with more than two toasts", async () => {
    await ui.app.db.exec("DELETE FROM registrations; DELETE FROM onibus;");
    await addBus(ui.app, "Ônibus 1", 10, 1);
    for (const nome of ["Vinícius Alves", "Ângela Souza", "Bruno Lima", "Élida Reis", "Zeca Prado"]) {
      await register(ui.app, nome);
    }
    await withNewPage(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (page, context) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await openRollCall(page);
      const list = page.getByRole("list", { name: "Passageiros do Ônibus 1" });
      const names = await list.locator(".rc-name").allTextContents();
      expect(names).toEqual(["Ângela Souza", "Bruno Lima", "Élida Reis", "Vinícius Alves", "Zeca Prado"]);

      for (const nome of ["Ângela Souza", "Bruno Lima", "Élida Reis"]) await passenger(page, nome).tap();
      await page.getByText("Élida Reis embarcou", { exact: true }).waitFor(WAIT);
      const visible = page.locator(".toast:visible");
      await expect.poll(() => visible.count(), WAIT).toBe(2);
      // Newest first, on top.
      const stack = await Promise.all(
        (await visible.all()).map(async (t) => ({
          box: (await t.boundingBox())!,
          title: await t.locator(".toast-title").textContent(),
        })),
      );
      expect(stack.sort((a, b) => a.box.y - b.box.y).map((t) => t.title)).toEqual([
        "Élida Reis embarcou",
        "Bruno Lima embarcou",
      ]);
      await viewportShot(page, "roll-call-two-toasts-360");
      // The row just tapped stays in sight, under both toasts as they were read above.
      const row = (await passenger(page, "Élida Reis").boundingBox())!;
      for (const { box } of stack) {
        const overlaps = box.y < row.y + row.height && box.y + box.height > row.y;
        expect(overlaps).toBe(false);
      }
      const printed = await context.newPage();
      await printed.goto("/admin/embarque/imprimir");
      const rows = printed.getByRole("table").first().locator("tbody tr td:nth-child(2)");
      await rows.first().waitFor(WAIT);
      expect((await rows.allTextContents()).slice(0, 5)).toEqual([
        "Ângela Souza",
        "Bruno Lima",
        "Élida Reis",
        "Vinícius Alves",
        "Zeca Prado",
      ]);
    });
  });

  it("keeps marks queued by one helper for that helper, and asks the next person before sending them", async () => {
    await ui.app.db.exec("DELETE FROM registrations; DELETE FROM onibus;");
    await addBus(ui.app, "Ônibus 1", 10, 1);
    await register(ui.app, "Ana Lima");
    await withNewPage(ui.browser, "phone", { baseURL: ui.app.baseUrl }, async (page, context) => {
      await openRollCall(page);
      // Maria's mark waits on the phone: the server is out of reach.
      await context.route("**/api/boarding/marks", (route) => route.abort("internetdisconnected"));
      await passenger(page, "Ana Lima").tap();
      await page.getByText("1 aguardando envio").waitFor(WAIT);

      // Someone else logs in on the phone (here, a helper added by the coordination).
      const added = await page.request.post("/api/team", { data: { nome: "Pedro Ajuda", papel: "equipe" } });
      expect(added.status()).toBe(201);
      const { member, password } = await added.json();
      await page.request.delete("/api/session");
      expect((await page.request.post("/api/session", { data: { login: member.login, password } })).status()).toBe(200);
      await context.unroute("**/api/boarding/marks");
      const notice = page.getByRole("region", { name: "Marcações de outra pessoa" });
      const heldText = /^Há 1 marcação feita neste aparelho por Coordenação, ainda não enviada\./;
      // The page still open believes Coordenação is logged in. When it sends, the server refuses (the marks
      // would go in Pedro's name), and the page asks who is logged in now.
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await notice.getByText(heldText).waitFor(WAIT);
      expect(await ui.app.db.query("SELECT 1 FROM embarques")).toHaveLength(0);
      await page.goto("/admin/embarque");
      await notice.getByText(heldText).waitFor(WAIT);
      await page.setViewportSize({ width: 360, height: 780 });
      await viewportShot(page, "roll-call-held-marks-360");
      // Nothing is sent until Pedro agrees.
      await page.waitForTimeout(1500);
      expect(await ui.app.db.query("SELECT 1 FROM embarques")).toHaveLength(0);
      await notice.getByRole("button", { name: "Enviar em meu nome" }).tap();
      await page.getByText("Tudo enviado").waitFor(WAIT);
      await notice.waitFor({ state: "detached", ...WAIT });
      const [logged] = await ui.app.db.query<{ ator_nome: string }>(
        "SELECT ator_nome FROM activity_log WHERE tipo LIKE 'embarque%' ORDER BY id DESC LIMIT 1",
      );
      expect(logged.ator_nome).toBe("Pedro Ajuda");
    });
  });
});
