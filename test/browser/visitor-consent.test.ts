import { describe, expect, it } from "vitest";
import { CONSENT_VERSION } from "../../src/shared/privacy";
import { screenshot, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { expectFieldErrors, fillForm, gotoForm, press, submitButton } from "../support/browser-visitor";

describe("guardian consent, honeypot and privacy notice", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("asks a minor's guardian to authorise, and stores the accepted version", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
        await gotoForm(page, vp);
        const consent = page.getByRole("checkbox", { name: /Autorizo a inscrição na caravana/ });

        await fillForm(page, { name: `Menina ${vp}`, age: "25", phone: "98999998888" });
        expect(await consent.count()).toBe(0); // adults are not asked
        await page.getByLabel("Idade", { exact: true }).fill("14");
        await consent.waitFor(WAIT);
        // The guardian's name and relationship are asked with the consent (decision 037).
        await page.getByLabel("Nome do responsável", { exact: true }).fill("Rosa Responsável");
        await page.getByLabel("Parentesco", { exact: true }).selectOption({ label: "Mãe" });

        await press(vp, submitButton(page));
        await expectFieldErrors(page, ["Para menores de 18 anos, o responsável precisa autorizar a inscrição."]);
        expect(await consent.getAttribute("aria-invalid")).toBe("true");
        await screenshot(page, `visitor-consent-error-${vp}`);

        await consent.check();
        await expectFieldErrors(page, []);
        await press(vp, submitButton(page));
        await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
        const [row] = await ui.app.db.query<{ consentimento_versao: string; consentimento_em: Date | null }>(
          "SELECT consentimento_versao, consentimento_em FROM registrations WHERE nome_completo = $1",
          [`Menina ${vp}`],
        );
        expect(row.consentimento_versao).toBe(CONSENT_VERSION);
        expect(row.consentimento_em).not.toBeNull();
      });
    });

    it("shows a short privacy notice and keeps the honeypot away from people", async () => {
      await withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
        await gotoForm(page, vp);
        const summary = page.getByText("Privacidade dos seus dados", { exact: true });
        await press(vp, summary);
        await page.getByText(/Depois do evento, os nomes viram iniciais/).waitFor(WAIT);
        await screenshot(page, `visitor-privacy-${vp}`);
        // Not in the accessibility tree and not reachable with Tab.
        expect(await page.getByRole("textbox", { name: "Deixe este campo em branco" }).count()).toBe(0);
        expect(await page.locator("#campo-website").getAttribute("tabindex")).toBe("-1");
      });
    });
  });
});
