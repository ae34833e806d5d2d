import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { fillForm, gotoForm, press } from "../support/browser-visitor";

const PIX_KEY = "pix@juventudecatolicavg.com.br";
const CLIPBOARD = ["clipboard-read", "clipboard-write"];

describe("visitor PIX panel: copying the key and sharing the receipt", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    const withPage = (
      fn: (page: Page, context: BrowserContext) => Promise<void>,
      opts: { permissions?: string[] } = {},
    ) => withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl, permissions: opts.permissions }, fn);

    it("copies the PIX key to the clipboard", async () => {
      await withPage(
        async (page) => {
          await gotoForm(page, vp);
          await press(vp, page.getByRole("button", { name: "Copiar chave PIX" }));
          await toastTitled(page, "VAGAS LIMITADAS!").waitFor(WAIT);
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PIX_KEY);
        },
        { permissions: CLIPBOARD },
      );
    });

    it("copies the receipt message when there is no Web Share API", async () => {
      await withPage(
        async (page, context) => {
          await context.addInitScript(() => {
            delete (Navigator.prototype as { share?: unknown }).share;
            delete (navigator as { share?: unknown }).share;
          });
          await gotoForm(page, vp);
          expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
          await fillForm(page, { name: "Ana Clara", age: "", phone: "" });
          await press(vp, page.getByRole("button", { name: "Compartilhar comprovante" }));
          await toastTitled(page, "Texto copiado!").waitFor(WAIT);
          const copied = await page.evaluate(() => navigator.clipboard.readText());
          expect(copied).toMatch(/PIX de R\$ 15,00 .*JDJ 2025\. Meu nome é Ana Clara\. Segue o comprovante\./);
        },
        { permissions: CLIPBOARD },
      );
    });

    it("opens the share sheet, stays quiet when the visitor cancels it and warns when it fails", async () => {
      await withPage(async (page, context) => {
        // The browser API stands in for the system sheet, whose outcome the test picks.
        await context.addInitScript(() => {
          const w = window as unknown as { shared: unknown[]; shareOutcome: string };
          w.shared = [];
          w.shareOutcome = "ok";
          Object.defineProperty(Navigator.prototype, "share", {
            configurable: true,
            value: async (data: unknown) => {
              w.shared.push(data);
              if (w.shareOutcome !== "ok") throw new DOMException("share", w.shareOutcome);
            },
          });
        });
        await gotoForm(page, vp);
        const share = page.getByRole("button", { name: "Compartilhar comprovante" });
        await press(vp, share);
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { shared: { text: string }[] }).shared.length))
          .toBe(1);
        const [data] = await page.evaluate(() => (window as unknown as { shared: { text: string }[] }).shared);
        expect(data.text).toMatch(/PIX de R\$ 15,00/);

        await page.evaluate(() => ((window as unknown as { shareOutcome: string }).shareOutcome = "AbortError"));
        await press(vp, share);
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length))
          .toBe(2);

        await page.evaluate(() => ((window as unknown as { shareOutcome: string }).shareOutcome = "NotAllowedError"));
        await press(vp, share);
        await toastTitled(page, "Não foi possível abrir o compartilhamento.").waitFor(WAIT);
        // Exactly one toast: the cancelled share raised none.
        expect(await page.locator(".toast").count()).toBe(1);
      });
    });

    it("says so when neither copying nor sharing is possible", async () => {
      await withPage(async (page, context) => {
        // A browser with no Web Share, no Clipboard API and a refused execCommand("copy").
        await context.addInitScript(() => {
          delete (Navigator.prototype as { share?: unknown }).share;
          Object.defineProperty(Navigator.prototype, "clipboard", { configurable: true, get: () => undefined });
          Document.prototype.execCommand = () => false;
        });
        await gotoForm(page, vp);
        await press(vp, page.getByRole("button", { name: "Copiar chave PIX" }));
        await toastTitled(page, "Não foi possível copiar a chave PIX.").waitFor(WAIT);
        await press(vp, page.getByRole("button", { name: "Compartilhar comprovante" }));
        await toastTitled(page, "Seu navegador não suporta compartilhamento...").waitFor(WAIT);
        await screenshot(page, `visitor-toasts-${vp}`);
      });
    });
  });
});
