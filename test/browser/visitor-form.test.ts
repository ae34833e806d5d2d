import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, screenshot, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { expectFieldErrors, fieldErrors, gotoForm, openSplash, press, submitButton } from "../support/browser-visitor";

const PIX_KEY = "pix@juventudecatolicavg.com.br";

describe("visitor registration form", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    const withPage = (fn: (page: Page, context: BrowserContext) => Promise<void>) =>
      withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, fn);

    it("shows 'Carregando...' until the status arrives, then the header, the form and the PIX panel", async () => {
      await withPage(async (page) => {
        // Hold both status sources so the loading state stays on screen.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route("**/api/form-status", async (route) => {
          await held;
          await route.continue();
        });
        await page.route("**/api/events", async (route) => {
          await held;
          await route.continue();
        });
        await page.goto("/");
        await openSplash(page, vp);
        await page.getByRole("status").filter({ hasText: "Carregando..." }).waitFor(WAIT);
        release();

        const title = page.getByRole("heading", { level: 1, name: "JDJ 2025" });
        await title.waitFor(WAIT);
        expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
        for (const landmark of ["banner", "main", "contentinfo"] as const) {
          expect(await page.getByRole(landmark).count()).toBe(1);
        }
        const banner = page.getByRole("banner");
        for (const text of [
          "Jovens peregrinos da Esperança",
          "2ª EDIÇÃO",
          "16 de Agosto",
          "A partir das 08h",
          "Área Pastoral da Paróquia, Itapecuru-Mirim - MA",
        ]) {
          await banner.getByText(text, { exact: true }).waitFor(WAIT);
        }
        await page.getByRole("contentinfo").getByText("© 2025 Juventude Católica VG", { exact: true }).waitFor(WAIT);
        await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
        await page.getByText(/exclusivo para membros da Juventude Católica VG/).waitFor(WAIT);
        await page.getByText("Valor da inscrição", { exact: true }).waitFor(WAIT);
        await page.getByText("R$ 15,00", { exact: true }).waitFor(WAIT);

        expect(await page.getByLabel("Idade", { exact: true }).getAttribute("inputmode")).toBe("numeric");
        const phone = page.getByLabel("Número Responsável", { exact: true });
        expect(await phone.getAttribute("inputmode")).toBe("tel");
        expect(await phone.getAttribute("placeholder")).toBe("(99) 99999-9999");
        expect(await page.getByRole("radio", { name: "PIX", exact: true }).isChecked()).toBe(true);
        expect(await page.getByRole("radio", { name: "Espécie", exact: true }).isChecked()).toBe(false);

        const pix = page.getByRole("region", { name: "Pagamento via PIX" });
        await pix.getByText(PIX_KEY, { exact: true }).waitFor(WAIT);
        await pix.getByRole("button", { name: "Copiar chave PIX" }).waitFor(WAIT);
        await pix.getByText(/usando a chave PIX/).waitFor(WAIT);
        await pix
          .getByText(/comprovante.*WhatsApp/)
          .first()
          .waitFor(WAIT);
        await pix.getByRole("button", { name: "Compartilhar comprovante" }).waitFor(WAIT);
        const wa = new URL((await pix.getByRole("link", { name: "Enviar pelo WhatsApp" }).getAttribute("href"))!);
        expect(wa.origin + wa.pathname).toBe("https://wa.me/5598999999999");
        expect(wa.searchParams.get("text")).toMatch(/PIX de R\$ 15,00 .*JDJ 2025.*comprovante/);
        // The seats warning is the last thing in the panel.
        const last = await pix.evaluate((el) => el.lastElementChild?.textContent ?? "");
        expect(last).toMatch(/vagas da caravana são limitadas por causa da quantidade de ônibus/);

        // Touch targets of at least 44 px.
        for (const target of [
          page.getByLabel("Nome completo", { exact: true }),
          page.getByLabel("Idade", { exact: true }),
          phone,
          page.locator(".method-option").first(),
          pix.getByRole("button", { name: "Copiar chave PIX" }),
          pix.getByRole("link", { name: "Enviar pelo WhatsApp" }),
          submitButton(page),
        ]) {
          expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        }
        await screenshot(page, `visitor-form-pix-${vp}`);
      });
    });

    it("sizes the title from localStorage headerTitleSize, large by default", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        const title = page.getByRole("heading", { level: 1 });
        const size = () => title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        const fallback = await size();
        expect(await title.getAttribute("class")).toContain("event-title-large");
        await page.evaluate(() => localStorage.setItem("headerTitleSize", "small"));
        await gotoForm(page, vp);
        expect(await size()).toBeLessThan(fallback);
        await page.evaluate(() => localStorage.setItem("headerTitleSize", "enorme"));
        await gotoForm(page, vp);
        expect(await size()).toBe(fallback);
      });
    });

    it("shows the spec's messages on submit and re-validates on every change afterwards", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        const name = page.getByLabel("Nome completo", { exact: true });
        const age = page.getByLabel("Idade", { exact: true });
        const phone = page.getByLabel("Número Responsável", { exact: true });

        // Before the first submit, typing shows nothing.
        await age.fill("3");
        await age.fill("");
        expect(await fieldErrors(page)).toEqual([]);

        await press(vp, submitButton(page));
        await expectFieldErrors(page, ["Nome é obrigatório", "Idade é obrigatória", "Número é obrigatório"]);
        expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("nome_completo");
        for (const [field, message] of [
          [name, "Nome é obrigatório"],
          [age, "Idade é obrigatória"],
          [phone, "Número é obrigatório"],
        ] as const) {
          expect(await field.getAttribute("aria-invalid")).toBe("true");
          const describedBy = await field.getAttribute("aria-describedby");
          expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
        }
        await screenshot(page, `visitor-form-errors-${vp}`);

        // After the first submit every change re-validates, with no new submit.
        await name.fill("Maria José");
        await expectFieldErrors(page, ["Idade é obrigatória", "Número é obrigatório"]);
        expect(await name.getAttribute("aria-invalid")).toBeNull();
        await name.fill("   ");
        await expectFieldErrors(page, ["Nome é obrigatório", "Idade é obrigatória", "Número é obrigatório"]);
        await name.fill("Maria José");

        await age.fill("3");
        await expectFieldErrors(page, ["Idade mínima: 4 anos", "Número é obrigatório"]);
        await age.fill("66");
        await expectFieldErrors(page, ["Idade máxima: 65 anos", "Número é obrigatório"]);
        await age.fill("1.5");
        await expectFieldErrors(page, ["Idade deve estar entre 4 e 65 anos", "Número é obrigatório"]);
        await age.fill("4");
        // A minor: the guardian's name, relationship and consent appear, below the phone, and are required too.
        await expectFieldErrors(page, [
          "Número é obrigatório",
          "Nome do responsável é obrigatório",
          "Parentesco é obrigatório",
          "Para menores de 18 anos, o responsável precisa autorizar a inscrição.",
        ]);
        await age.fill("65");

        await phone.fill("98999");
        await expectFieldErrors(page, ["Número de telefone inválido"]);
        await phone.fill("9833334444");
        await expectFieldErrors(page, []);
        expect(await phone.inputValue()).toBe("(98) 3333-4444");
      });
    });

    it("masks the phone number while typing", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        const phone = page.getByLabel("Número Responsável", { exact: true });
        const steps: [string, string][] = [
          ["9", "(9"],
          ["8", "(98"],
          ["9", "(98) 9"],
          ["9999", "(98) 9999-9"],
          ["8", "(98) 9999-98"],
          ["88", "(98) 9999-9888"],
          ["8", "(98) 99999-8888"],
          ["7", "(98) 99999-8888"],
        ];
        for (const [keys, shown] of steps) {
          await phone.pressSequentially(keys);
          expect(await phone.inputValue()).toBe(shown);
        }
        await phone.press("Backspace");
        expect(await phone.inputValue()).toBe("(98) 9999-9888");
      });
    });

    it("switches between the PIX and the cash instructions", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        const pix = page.getByRole("region", { name: "Pagamento via PIX" });
        const cash = page.getByRole("region", { name: "Pagamento em espécie" });
        await page.getByRole("radio", { name: "Espécie", exact: true }).check();
        await cash.waitFor(WAIT);
        await cash.getByText(/procure alguém da coordenação da Juventude/).waitFor(WAIT);
        await cash.getByText(/vagas são limitadas/).waitFor(WAIT);
        expect(await pix.count()).toBe(0);
        expect(await page.getByText(PIX_KEY).count()).toBe(0);
        await screenshot(page, `visitor-form-especie-${vp}`);

        await page.getByRole("radio", { name: "PIX", exact: true }).check();
        await pix.getByText(PIX_KEY, { exact: true }).waitFor(WAIT);
        expect(await cash.count()).toBe(0);
      });
    });
  });

  it("fits a 360 px wide screen without sideways scrolling", async () => {
    const context = await newContext(ui.browser, "phone", { baseURL: ui.app.baseUrl });
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 360, height: 740 });
      await gotoForm(page, "phone");
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBe(0);
      await page.getByRole("radio", { name: "Espécie", exact: true }).check();
      expect(await overflow()).toBe(0);
      await page.getByRole("radio", { name: "PIX", exact: true }).check();
      await press("phone", submitButton(page));
      await expectFieldErrors(page, ["Nome é obrigatório", "Idade é obrigatória", "Número é obrigatório"]);
      expect(await overflow()).toBe(0);
      await screenshot(page, "visitor-form-360");
    } finally {
      await context.close();
    }
  });
});
