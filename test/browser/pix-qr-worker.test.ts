import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { qrSvg } from "../../src/client/components/pix/qr-svg";
import { TIMINGS } from "../../src/shared/constants";
import { partShot, screenshot, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { registeredHere } from "../support/browser-payment";
import { gotoForm, settled } from "../support/browser-visitor";

const WORKER_SCRIPT = "**/assets/qr-worker-*.js";

/** The drawn QR's path and the Copia e Cola it should encode, inside `scope`'s PIX code. */
async function drawnQr(page: Page, scope = page.locator("body")) {
  const img = scope.getByRole("img", { name: "QR Code PIX", exact: true });
  await img.waitFor(WAIT);
  return {
    path: (await img.locator("path").getAttribute("d")) ?? "",
    viewBox: await img.getAttribute("viewBox"),
    code: await scope.getByLabel("PIX Copia e Cola").inputValue(),
  };
}

/** Fails unless the page drew exactly what qrSvg computes in Node for its own Copia e Cola text. */
function expectSameAsNode(qr: { path: string; viewBox: string | null; code: string }): void {
  const expected = qrSvg(qr.code);
  expect(qr.code.length).toBeGreaterThan(100);
  expect(qr.path.length).toBeGreaterThan(1000);
  expect(qr.path).toBe(expected.path);
  expect(qr.viewBox).toBe(`0 0 ${expected.viewBoxSize} ${expected.viewBoxSize}`);
}

type Box = { x: number; y: number; width: number; height: number };
/** Where an element sits on the page (not the viewport), so scrolling does not count as moving. */
const pageBox = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });
function expectSameBox(actual: Box, expected: Box): void {
  for (const k of ["x", "y", "width", "height"] as const)
    expect(Math.abs(actual[k] - expected[k]), k).toBeLessThan(0.1);
}

/**
 * The layout shifts the page has made by itself so far (no tap or key just before), of those in its first `ms`
 * after the navigation: how much, and which elements moved. Only what moves inside the viewport counts.
 */
const layoutShifts = (page: Page, ms: number) =>
  page.evaluate(
    (ms) =>
      new Promise<{ value: number; moved: string[] }[]>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
        const seen: Shift[] = [];
        const observer = new PerformanceObserver((list) => seen.push(...(list.getEntries() as Shift[])));
        observer.observe({ type: "layout-shift", buffered: true });
        // Buffered entries reach the observer in a task of their own.
        setTimeout(() => {
          observer.disconnect();
          resolve(
            seen
              .filter((e) => !e.hadRecentInput && e.startTime < ms)
              .map((e) => ({
                value: e.value,
                moved: (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.className : String(s.node))),
              })),
          );
        }, 0);
      }),
    ms,
  );

const qrWorkers = (page: Page) => page.workers().filter((w) => /\/assets\/qr-worker-[\w-]+\.js$/.test(w.url()));

describe("PIX QR code drawn by a Web Worker", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true }));

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    const withPage = (fn: (page: Page, context: BrowserContext) => Promise<void>) =>
      withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, fn);

    it("draws no code in the form, where it could carry no reference, and starts no worker there", async () => {
      await withPage(async (page) => {
        await gotoForm(page, vp);
        const pix = page.getByRole("region", { name: "Pagamento via PIX" });
        await pix.getByText("O QR Code vem depois.", { exact: false }).waitFor(WAIT);
        expect(await pix.getByRole("img", { name: "QR Code PIX" }).count()).toBe(0);
        expect(qrWorkers(page)).toHaveLength(0);
        await partShot(pix, `pix-qr-worker-panel-${vp}`);
      });
    });

    it("draws /obrigado's code, which carries the reference, in the worker", async () => {
      await withPage(async (page) => {
        const created = await registeredHere(page, ui.app, `Quitéria QR ${vp}`);
        // The whole card in view, so that a move below a phone's fold counts as well.
        if (vp === "phone") await page.setViewportSize({ width: 390, height: 2600 });
        await page.goto("/obrigado");
        const main = page.getByRole("main");
        await main.getByText(`Seu código: ${created.referencia}`, { exact: true }).waitFor(WAIT);
        const qr = await drawnQr(page, main);
        expect(qr.code).toContain(created.referencia);
        expectSameAsNode(qr);
        expect(qrWorkers(page)).toHaveLength(1);
        await settled(page.locator(".thanks-card"));
        // Nothing on the page moved by itself before the rotating message first changed (it may wrap to one more
        // line): not what it brings in late (the boarding pass, the notices' question; decision 067), nor the
        // payer's name and the receipt below the code, which is part of the page's own code (decision 069).
        expect(await layoutShifts(page, TIMINGS.messageRotation)).toEqual([]);
        await screenshot(page, `pix-qr-worker-thanks-${vp}`);
      });
    });

    it("holds the QR's exact place with a busy box while the worker is not ready", async () => {
      await withPage(async (page) => {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        await page.route(WORKER_SCRIPT, async (route) => {
          await gate;
          await route.continue();
        });
        await registeredHere(page, ui.app, `Bia Espera QR ${vp}`);
        await page.goto("/obrigado");
        // The registration read, and the card shown with the boarding pass, which sits below the code: nothing that
        // arrives afterwards moves the code.
        await page
          .getByRole("main")
          .getByText(/^Seu código: JDJ/)
          .waitFor(WAIT);
        await page.getByRole("region", { name: "Seu cartão de embarque" }).waitFor(WAIT);
        await settled(page.locator(".thanks-card"));
        const pix = page.getByRole("region", { name: "Pagamento via PIX" });
        const busy = pix.getByRole("status").filter({ hasText: "Gerando QR Code..." });
        await busy.waitFor(WAIT);
        expect(await busy.getAttribute("aria-busy")).toBe("true");
        const caption = pix.getByText("Escaneie com o app do seu banco ou copie o código abaixo.");
        const before = { box: await pageBox(busy), caption: await pageBox(caption) };
        await partShot(pix, `pix-qr-worker-pending-${vp}`);

        release();
        const img = pix.getByRole("img", { name: "QR Code PIX", exact: true });
        await img.waitFor(WAIT);
        await busy.waitFor({ state: "detached", ...WAIT });
        // Same square and nothing below moved (a replaced <svg> may snap to a 1/64 px grid).
        expectSameBox(await pageBox(img), before.box);
        expectSameBox(await pageBox(caption), before.caption);
        expect(before.box.width).toBeGreaterThan(200);
        expect(before.box.height).toBe(before.box.width);
      });
    });

    it("computes on the page when this browser cannot create a Worker", async () => {
      await withPage(async (page, context) => {
        await context.addInitScript(() => {
          window.Worker = function noWorker() {
            throw new DOMException("Workers desativados neste teste", "SecurityError");
          } as unknown as typeof Worker;
        });
        await registeredHere(page, ui.app, `Caio Sem Worker ${vp}`);
        await page.goto("/obrigado");
        expectSameAsNode(await drawnQr(page, page.getByRole("region", { name: "Pagamento via PIX" })));
        expect(page.workers()).toHaveLength(0);
      });
    });

    it("computes on the page when the worker's script cannot be loaded", async () => {
      await withPage(async (page) => {
        let refused = 0;
        await page.route(WORKER_SCRIPT, (route) => {
          refused++;
          return route.abort("failed");
        });
        await registeredHere(page, ui.app, `Duda Sem Script ${vp}`);
        await page.goto("/obrigado");
        expectSameAsNode(await drawnQr(page, page.getByRole("region", { name: "Pagamento via PIX" })));
        expect(refused).toBe(1);
        expect(qrWorkers(page)).toHaveLength(0);
      });
    });
  });
});
