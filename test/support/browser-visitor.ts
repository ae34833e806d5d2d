import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { STORAGE_KEYS } from "../../src/shared/constants";
import { dayIn } from "../../src/shared/dates";
import { onTheSite, type ViewportName, WAIT } from "./browser";

/** Shared by the visitor browser tests (test/browser/visitor-*.test.ts). */
export const SPLASH_NAME = "Toque aqui e abra as portas desta jornada";

/** Taps on the phone (touch context), clicks on the desktop. */
export async function press(vp: ViewportName, locator: Locator): Promise<void> {
  if (vp === "phone") await locator.tap();
  else await locator.click();
}

/** Opens the doors and waits until the splash is gone. */
export async function openSplash(page: Page, vp: ViewportName): Promise<void> {
  await press(vp, page.getByRole("button", { name: SPLASH_NAME }));
  await page.locator(".splash").waitFor({ state: "detached", ...WAIT });
}

/**
 * "/" with the form on screen. The doors (1.4 s of animation, tested in visitor-splash.test.ts) are
 * taken as opened earlier today on this phone, as after a reload, unless `doors` asks to open them;
 * a test that sets another day keeps its day.
 */
export async function gotoForm(page: Page, vp: ViewportName, opts: { doors?: boolean } = {}): Promise<void> {
  if (!opts.doors) {
    // Written on a light page of the site, not by a script added to the page: that would outlive the test
    // and keep the doors shut for the next test that borrows the page (test/support/lent-pages.ts).
    await onTheSite(page);
    await page.evaluate(
      ({ key, day }) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, day);
      },
      { key: STORAGE_KEYS.doorsOpenedOn, day: dayIn(new Date(), "America/Fortaleza") },
    );
  }
  await page.goto("/");
  // The splash mounts in the same render as the form behind it.
  await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor({ state: "attached", ...WAIT });
  if ((await page.getByRole("button", { name: SPLASH_NAME }).count()) > 0) await openSplash(page, vp);
  await page.getByRole("heading", { name: "Formulário de Inscrição" }).waitFor(WAIT);
  await settled(page.locator("form.signup-card"));
}

export interface FormData {
  name: string;
  age: string;
  phone: string;
  method?: "PIX" | "Espécie";
  /** A minor's guardian; null leaves the guardian's fields empty. */
  guardian?: string | null;
}

export async function fillForm(page: Page, data: FormData): Promise<void> {
  await page.getByLabel("Nome completo", { exact: true }).fill(data.name);
  await page.getByLabel("Idade", { exact: true }).fill(data.age);
  await page.getByLabel("Número Responsável", { exact: true }).fill(data.phone);
  if (data.method) await page.getByRole("radio", { name: data.method, exact: true }).check();
  // Under 18 the form asks for the guardian: a mother, unless the test says otherwise.
  if (Number(data.age) < 18 && Number(data.age) >= 4 && data.guardian !== null) {
    await page.getByLabel("Nome do responsável", { exact: true }).fill(data.guardian ?? "Maria Responsável");
    await page.getByLabel("Parentesco", { exact: true }).selectOption({ label: "Mãe" });
  }
}

export function submitButton(page: Page): Locator {
  return page.getByRole("button", { name: "Enviar Inscrição" });
}

/** The messages shown under the fields, in page order. */
export function fieldErrors(page: Page): Promise<string[]> {
  return page.locator(".v-field-error").allTextContents();
}

export async function expectFieldErrors(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => fieldErrors(page), WAIT).toEqual(expected);
}

/** Waits until the intro fade of this element is over, so a screenshot shows the settled screen. */
export async function settled(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((el) => getComputedStyle(el).opacity), WAIT).toBe("1");
}
