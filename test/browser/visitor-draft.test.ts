import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../src/shared/constants";
import { boxesApart, toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { fillForm, gotoForm, press, SPLASH_NAME, submitButton } from "../support/browser-visitor";

/** What a person typed survives on the phone; one person is registered once; siblings share a phone. */
describe("the form remembers, and catches double sign-ups", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));
  afterEach(async () => {
    await ui.app.db.query("DELETE FROM registrations");
  });

  const rows = () =>
    ui.app.db.query<{ nome_completo: string; idade: number; numero_responsavel: string; referencia: string }>(
      "SELECT nome_completo, idade, numero_responsavel, referencia FROM registrations ORDER BY created_at",
    );
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    const withPage = (fn: (page: Page) => Promise<void>) =>
      withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, reducedMotion: "reduce" }, (page) => fn(page));

    it("brings the draft back after a reload and a killed tab, without the doors, until 'Limpar formulário'", async () => {
      await withPage(async (page) => {
        const sent: string[] = [];
        page.on("request", (req) => {
          if (req.method() !== "GET") sent.push(req.url());
        });
        // The doors opened here are what the reload below remembers.
        await gotoForm(page, vp, { doors: true });
        await fillForm(page, { name: "Lívia Rascunho", age: "16", phone: "98912345678", method: "Espécie" });
        await page.getByRole("checkbox").check();
        // Nothing typed leaves the phone before the submit.
        expect(sent).toEqual([]);

        await page.reload();
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        // The doors were opened today on this phone: not again.
        expect(await page.getByRole("button", { name: SPLASH_NAME }).count()).toBe(0);
        await page.getByText("Recuperamos o que foi preenchido neste aparelho.").waitFor(WAIT);
        expect(await field(page, "Nome completo").inputValue()).toBe("Lívia Rascunho");
        expect(await field(page, "Idade").inputValue()).toBe("16");
        expect(await field(page, "Número Responsável").inputValue()).toBe("(98) 91234-5678");
        expect(await page.getByRole("radio", { name: "Espécie", exact: true }).isChecked()).toBe(true);
        expect(await page.getByRole("checkbox").isChecked()).toBe(true);

        // Android killed the tab: a new one in the same browser.
        const again = await page.context().newPage();
        await page.close();
        await again.goto("/");
        await again.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        expect(await field(again, "Nome completo").inputValue()).toBe("Lívia Rascunho");

        await press(vp, again.getByRole("button", { name: "Limpar formulário" }));
        expect(await field(again, "Nome completo").inputValue()).toBe("");
        expect(await again.getByRole("button", { name: "Limpar formulário" }).count()).toBe(0);
        await again.reload();
        await again.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        expect(await field(again, "Nome completo").inputValue()).toBe("");
        expect(await again.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.registrationDraft)).toBeNull();

        // Another day: the doors again.
        await again.evaluate((k) => localStorage.setItem(k, "2025-08-15"), STORAGE_KEYS.doorsOpenedOn);
        await again.reload();
        await again.getByRole("button", { name: SPLASH_NAME }).waitFor(WAIT);
      });
    });

    it("clears the draft after a registration", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        await fillForm(page, { name: "Marcos Enviado", age: "22", phone: "98911110000" });
        await press(vp, submitButton(page));
        await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
        expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.registrationDraft)).toBeNull();
        await page.goto("/");
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        expect(await field(page, "Nome completo").inputValue()).toBe("");
      });
    });

    it("tells the same person on another phone they are registered, with no code, and leads to Minha inscrição", async () => {
      await withPage(async (first) => {
        await gotoForm(first, vp);
        await fillForm(first, { name: "Rafael Antônio Lima", age: "20", phone: "98955554444" });
        await press(vp, submitButton(first));
        await first.waitForURL((url) => url.pathname === "/obrigado", WAIT);
      });
      const [{ referencia }] = await rows();
      await withPage(async (page) => {
        await gotoForm(page, vp);
        await fillForm(page, { name: "rafael antonio  LIMA", age: "21", phone: "98955554444", method: "Espécie" });
        await press(vp, submitButton(page));
        const notice = page.getByRole("alert").filter({ hasText: "Esta pessoa já está inscrita" });
        await notice.waitFor(WAIT);
        // It sends the person to the button right under it, by that button's name.
        await notice
          .getByText(
            "Veja a inscrição em “Ver minha inscrição”, com o código que apareceu na confirmação, ou peça o link à coordenação.",
            { exact: false },
          )
          .waitFor(WAIT);
        // A name and a phone are not enough to learn the code: it opens "Minha inscrição" from any phone.
        expect(await page.getByText(referencia).count()).toBe(0);
        expect(await rows()).toHaveLength(1);

        await press(vp, notice.getByRole("button", { name: "Ver minha inscrição" }));
        await page.waitForURL((url) => url.pathname === "/minha-inscricao", WAIT);
        await page.getByText("Este celular ainda não tem inscrição guardada.", { exact: false }).waitFor(WAIT);
        expect(await page.getByText(referencia).count()).toBe(0);
      });
    });

    it("registers two siblings on one guardian's phone", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        await fillForm(page, { name: "Beatriz Souza", age: "15", phone: "98966665555" });
        await page.getByRole("checkbox").check();
        await press(vp, submitButton(page));
        await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);

        await page.goto("/");
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        await fillForm(page, { name: "Gabriel Souza", age: "13", phone: "98966665555" });
        await page.getByRole("checkbox").check();
        await press(vp, submitButton(page));
        await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
        expect((await rows()).map((r) => [r.nome_completo, r.numero_responsavel])).toEqual([
          ["Beatriz Souza", "98966665555"],
          ["Gabriel Souza", "98966665555"],
        ]);
      });
    });

    it("keeps an error toast off the field being typed in", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        await fillForm(page, { name: "Teresa Sem Sinal", age: "30", phone: "98933332222" });
        const name = field(page, "Nome completo");
        // The name field at the top of the screen, in use, as when the phone's keyboard sends the form.
        await name.evaluate((el) => el.closest(".v-field")?.scrollIntoView({ block: "start" }));
        await name.focus();
        await page.context().setOffline(true);
        await name.press("Enter");
        const toast = toastTitled(page, "Erro na inscrição");
        await toast.waitFor(WAIT);
        await page.context().setOffline(false);
        const box = (await toast.boundingBox())!;
        for (const part of [name, page.locator("label[for='campo-nome_completo']")]) {
          const apart = boxesApart(box, (await part.boundingBox())!);
          expect(apart, `o aviso cobre ${await part.evaluate((el) => el.outerHTML.slice(0, 60))}`).toBe(true);
        }
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("campo-nome_completo");
      });
    });
  });
});
