import type { BrowserContext, Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { parseBrCode } from "../../src/shared/pix/parse-brcode";
import { registrationBrCode } from "../../src/shared/pix/registration-pix";
import { screenshot, toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { startTestApp } from "../support/test-app";
import { ADMIN_PASSWORD, openDashboard, registrationItem, shownNames, viewportShot } from "../support/browser-admin";
import {
  jpegSize,
  minimalPdf,
  progressSeen,
  receiptPhoto,
  recordProgress,
  registeredHere,
} from "../support/browser-payment";
import { fillForm, gotoForm, press, settled, submitButton } from "../support/browser-visitor";

const PHOTO = { width: 2000, height: 1400 };
const REFERENCE = /^JDJ[23456789A-HJ-NP-Z]{4}$/;

describe("payment loop: PIX code, receipt upload, admin check", () => {
  const ui = useBrowserApp(() => startTestApp("pglite", { listen: true, env: { ADMIN_PASSWORD } }));
  let photo: Buffer;
  let expectedCode: (reference?: string) => string;

  beforeAll(async () => {
    photo = await receiptPhoto(ui.browser, ui.app.baseUrl, PHOTO.width, PHOTO.height);
    const config = ui.app.app.eventSettings.publicConfig();
    expectedCode = (reference) => registrationBrCode(config, reference);
  });

  const receiptRow = async (id: string) =>
    (
      await ui.app.db.query<{
        content_type: string;
        data: Uint8Array;
        comprovante_path: string | null;
        status_pagamento: string;
      }>(
        `SELECT r.content_type, r.data, g.comprovante_path, g.status_pagamento
         FROM registrations g LEFT JOIN receipts r ON r.registration_id = g.id AND r.replaced_at IS NULL
         WHERE g.id = $1`,
        [id],
      )
    )[0];

  /** The names an admin sees with 'Com comprovante', newest first, from the database. */
  const withReceipt = async () =>
    (
      await ui.app.db.query<{ nome_completo: string }>(
        "SELECT nome_completo FROM registrations WHERE comprovante_path IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 10",
      )
    ).map((r) => r.nome_completo);

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    const withPage = (fn: (page: Page, context: BrowserContext) => Promise<void>) =>
      withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, fn);

    /** The admin panel, loaded afresh in this page, filtered to 'Com comprovante', with this registration's details open. */
    async function openReceiptDetails(page: Page, name: string): Promise<Page> {
      await openDashboard(page);
      await page.getByLabel("Status", { exact: true }).selectOption({ label: "Com comprovante" });
      const expected = await withReceipt();
      await expect.poll(() => shownNames(page, vp), WAIT).toEqual(expected);
      await registrationItem(page, vp, name)
        .getByRole("button", { name: `Detalhes de ${name}` })
        .click();
      await page.getByRole("dialog", { name: "Detalhes da Inscrição" }).waitFor(WAIT);
      return page;
    }

    // A slow uplink on purpose (the progress must be real): longer than the default 30 s on a busy machine.
    it("pays with the code in the form and on /obrigado, uploads a photo and the admin confirms it", {
      timeout: 90_000,
    }, async () => {
      const name = `Paula Pagante ${vp}`;
      let created!: RegistrationCreated;

      await withPage(async (page, context) => {
        await recordProgress(page);
        await gotoForm(page, vp);
        await fillForm(page, { name, age: "25", phone: "98999990000" });
        await page.getByLabel("Nome de quem vai pagar (titular da conta)").fill("Maria Pagante");

        // In the form: the key to copy, and no QR code yet: one without the registration's reference
        // would make a PIX the statement cannot match. The code comes after "Enviar Inscrição".
        const pix = page.getByRole("region", { name: "Pagamento via PIX" });
        await pix.getByText("O QR Code vem depois.", { exact: false }).waitFor(WAIT);
        await pix.getByRole("button", { name: "Copiar chave PIX" }).waitFor(WAIT);
        expect(await pix.getByRole("img", { name: "QR Code PIX" }).count()).toBe(0);
        expect(await pix.getByLabel("PIX Copia e Cola").count()).toBe(0);
        await screenshot(page, `payment-form-qr-${vp}`);

        await press(vp, submitButton(page));
        await page.waitForURL((url) => url.pathname === "/obrigado", WAIT);
        created = JSON.parse((await page.evaluate(() => localStorage.getItem("caravana:ultima-inscricao")))!);
        expect(created.referencia).toMatch(REFERENCE);
        const [row] = await ui.app.db.query<{ referencia: string }>(
          "SELECT referencia FROM registrations WHERE id = $1",
          [created.id],
        );
        expect(row.referencia).toBe(created.referencia);

        // /obrigado: the reference, and the code that carries it.
        const main = page.getByRole("main");
        await main.getByText(`Seu código: ${created.referencia}`, { exact: true }).waitFor(WAIT);
        // The payer's name typed in the form, shown and kept in the field to change.
        await main.getByRole("status").getByText("Quem vai pagar: Maria Pagante").waitFor(WAIT);
        expect(await main.getByLabel("Nome de quem vai pagar (titular da conta)").inputValue()).toBe("Maria Pagante");
        await main.getByRole("img", { name: "QR Code PIX" }).waitFor(WAIT);
        const code = await main.getByLabel("PIX Copia e Cola").inputValue();
        expect(code).toBe(expectedCode(created.referencia));
        expect(code).toContain(created.referencia);
        expect(parseBrCode(code).amount).toBe("15.00");
        const wa = new URL(
          (await main.getByRole("link", { name: "Enviar comprovante pelo WhatsApp" }).getAttribute("href"))!,
        );
        // Who paid, and the code: the coordination finds the registration from the message alone.
        expect(wa.searchParams.get("text")).toContain(
          `Meu nome é ${name}. Código da inscrição: ${created.referencia}.`,
        );
        await settled(page.locator(".thanks-card"));
        await screenshot(page, `payment-thanks-${vp}`);

        // A slow uplink, so the progress is real and visible: 48 KB/s.
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 40,
          downloadThroughput: -1,
          uploadThroughput: 48 * 1024,
        });
        await main
          .getByLabel("Enviar comprovante", { exact: true })
          .setInputFiles({ name: "foto-do-pix.jpg", mimeType: "image/jpeg", buffer: photo });
        const bar = main.getByRole("progressbar");
        await bar.waitFor(WAIT);
        await main
          .getByText(/^\d{1,3}%$/)
          .first()
          .waitFor(WAIT);
        await screenshot(page, `payment-thanks-uploading-${vp}`);
        await main.getByText("Comprovante enviado!", { exact: true }).waitFor({ timeout: 60_000 });
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        const seen = await progressSeen(page);
        expect(
          seen.some((v) => v > 0 && v < 100),
          `progresso visto: ${seen.join(", ")}`,
        ).toBe(true);
        // Only forward. The last value need not be 100: the final progress event
        // and the server's answer can reach React in one render, which then
        // shows "Comprovante enviado!" straight away.
        expect(
          seen.every((v, i) => i === 0 || v >= seen[i - 1]),
          `progresso visto: ${seen.join(", ")}`,
        ).toBe(true);
        await main.getByText(/A coordenação vai conferir o pagamento/).waitFor(WAIT);
        await screenshot(page, `payment-thanks-sent-${vp}`);
      });

      // Stored shrunk: a 2000 x 1400 photo arrives as a 1600 x 1120 JPEG.
      const stored = await receiptRow(created.id);
      expect(stored.content_type).toBe("image/jpeg");
      expect(photo.length).toBeGreaterThan(0);
      expect(jpegSize(photo)).toEqual(PHOTO);
      expect(jpegSize(stored.data)).toEqual({ width: 1600, height: 1120 });
      expect(stored.comprovante_path).toMatch(/^comprovantes\/[A-Za-z0-9_-]+\.jpg$/);

      await withPage(async (page) => {
        await openDashboard(page);
        const item = registrationItem(page, vp, name);
        await item.getByRole("img", { name: "Comprovante enviado" }).waitFor(WAIT);
        await item.getByText(`Referência ${created.referencia}`, { exact: true }).waitFor(WAIT);
        await item.scrollIntoViewIfNeeded();
        await viewportShot(page, `payment-admin-list-${vp}`);

        const admin = await openReceiptDetails(page, name);
        const dialog = admin.getByRole("dialog", { name: "Detalhes da Inscrição" });
        await dialog.getByText(created.referencia, { exact: true }).waitFor(WAIT);
        const img = dialog.getByRole("img", { name: `Comprovante de ${name}` });
        await img.waitFor(WAIT);
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), WAIT)
          .toBe(1600);
        await viewportShot(admin, `payment-admin-details-${vp}`);

        await dialog.getByRole("button", { name: "Marcar Pago" }).click();
        await toastTitled(admin, "Status Atualizado").waitFor(WAIT);
        await dialog.getByRole("button", { name: "Pago" }).waitFor(WAIT);
        // Said once: the button, not a "Pago" badge beside it.
        expect(await dialog.getByText("Pago", { exact: true }).count()).toBe(1);
        expect((await receiptRow(created.id)).status_pagamento).toBe("confirmado");
        await admin.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached", ...WAIT });
        // The list behind follows.
        await registrationItem(admin, vp, name).getByRole("button", { name: "Pago" }).waitFor(WAIT);
      });
    });

    it("sends a PDF as it is, and the admin gets it as a link that opens in a new tab", {
      timeout: 90_000,
    }, async () => {
      const name = `Pedro PDF ${vp}`;
      const pdf = minimalPdf();
      let created!: RegistrationCreated;
      await withPage(async (page) => {
        created = await registeredHere(page, ui.app, name);
        // A photo sent first, which the PDF then replaces: it stays as an earlier version.
        const first = await page.request.post(`/api/registrations/${created.id}/receipt`, {
          headers: { authorization: `Bearer ${created.upload_token}` },
          multipart: { file: { name: "primeiro.jpg", mimeType: "image/jpeg", buffer: photo } },
        });
        expect(first.status()).toBe(201);
        await page.goto("/obrigado");
        const main = page.getByRole("main");
        await main.getByText(`Seu código: ${created.referencia}`, { exact: true }).waitFor(WAIT);
        await main
          .getByLabel("Enviar comprovante", { exact: true })
          .setInputFiles({ name: "recibo.pdf", mimeType: "application/pdf", buffer: pdf });
        await main.getByText("Comprovante enviado!", { exact: true }).waitFor(WAIT);
      });
      const stored = await receiptRow(created.id);
      expect(stored.content_type).toBe("application/pdf");
      expect(Buffer.compare(Buffer.from(stored.data), pdf)).toBe(0);

      await withPage(async (page) => {
        const admin = await openReceiptDetails(page, name);
        const dialog = admin.getByRole("dialog", { name: "Detalhes da Inscrição" });
        const link = dialog.getByRole("link", { name: "Abrir comprovante (PDF)" });
        await link.waitFor(WAIT);
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("href")).toBe(`/api/registrations/${created.id}/receipt`);
        expect(await dialog.getByRole("img", { name: /Comprovante de/ }).count()).toBe(0);
        const res = await admin.request.get(`/api/registrations/${created.id}/receipt`);
        expect(res.headers()["content-type"]).toBe("application/pdf");
        // The photo it replaced is still there for the coordinator.
        const versions = dialog.getByRole("heading", { name: "Versões anteriores" });
        await versions.waitFor(WAIT);
        const earlier = dialog.getByRole("link", { name: /^Enviada em / });
        expect(await earlier.count()).toBe(1);
        const old = await admin.request.get((await earlier.getAttribute("href")) ?? "");
        expect(old.headers()["content-type"]).toBe("image/jpeg");
        await viewportShot(admin, `payment-admin-details-pdf-${vp}`);
      });
    });

    it("refuses a file over 5 MB in the ui.browser, says why, and sends nothing", async () => {
      await withPage(async (page) => {
        const created = await registeredHere(page, ui.app, `Bia Arquivo Grande ${vp}`);
        const sent: Request[] = [];
        page.on("request", (req) => {
          if (req.url().includes("/receipt")) sent.push(req);
        });
        await page.goto("/obrigado");
        const main = page.getByRole("main");
        const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(Math.round(5.5 * 1024 * 1024), 0x20)]);
        await main
          .getByLabel("Enviar comprovante", { exact: true })
          .setInputFiles({ name: "extrato.pdf", mimeType: "application/pdf", buffer: big });
        const alert = main.getByRole("alert");
        await alert
          .getByText(
            "O arquivo tem 5,5 MB e passa do limite de 5 MB. Envie uma foto ou um print da tela do comprovante.",
            { exact: true },
          )
          .waitFor(WAIT);
        expect(await main.getByRole("button", { name: "Tentar novamente" }).count()).toBe(0);
        await screenshot(page, `payment-thanks-too-large-${vp}`);
        expect(sent).toHaveLength(0);
        expect((await receiptRow(created.id)).comprovante_path).toBeNull();
      });
    });

    it("shows the server's refusal, and retries the same file after a lost connection", async () => {
      await withPage(async (page) => {
        const created = await registeredHere(page, ui.app, `Rita Reenvio ${vp}`);
        await page.goto("/obrigado");
        const main = page.getByRole("main");
        const input = main.getByLabel("Enviar comprovante", { exact: true });

        // Says JPEG but is not one: the browser cannot decode it, sends it as it is, and the server refuses it.
        await input.setInputFiles({
          name: "foto.jpg",
          mimeType: "image/jpeg",
          buffer: Buffer.from("isto não é uma imagem"),
        });
        const alert = main.getByRole("alert");
        await alert
          .getByText("Formato não aceito. Envie uma foto (JPEG, PNG, WebP ou HEIC) ou um PDF.", { exact: true })
          .waitFor(WAIT);
        expect(await alert.getByRole("button", { name: "Tentar novamente" }).count()).toBe(0);

        // The first upload of the real photo never reaches the server.
        let drops = 1;
        await page.route("**/api/registrations/*/receipt", (route) =>
          drops-- > 0 ? route.abort("failed") : route.continue(),
        );
        await input.setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: photo });
        await alert
          .getByText("Sem conexão com o servidor. Verifique sua internet e tente de novo.", { exact: true })
          .waitFor(WAIT);
        expect((await receiptRow(created.id)).comprovante_path).toBeNull();
        await press(vp, alert.getByRole("button", { name: "Tentar novamente" }));
        await main.getByText("Comprovante enviado!", { exact: true }).waitFor(WAIT);
        expect(jpegSize((await receiptRow(created.id)).data)).toEqual({ width: 1600, height: 1120 });
      });
    });

    it("says so when the page's code cannot be downloaded, and reloads on a retry after a second failure", async () => {
      await withPage(async (page) => {
        const created = await registeredHere(page, ui.app, `Rui Sem Rede ${vp}`);
        // The PIX code's chunk, which /obrigado cannot open without (as on a weak signal).
        const chunk = "**/assets/pix-payment-code-*.js";
        await page.route(chunk, (route) => route.abort("failed"));
        await page.goto("/obrigado");
        await page.getByRole("heading", { name: "Não foi possível abrir esta página" }).waitFor(WAIT);
        await page.getByRole("alert").getByText("Verifique sua internet e tente de novo.").waitFor(WAIT);
        // Still no signal: the retry asks again, and says so again.
        await press(vp, page.getByRole("button", { name: "Tentar novamente" }));
        // After a second failure, the button reloads the page, which also finds a new version's files.
        const reload = page.getByRole("button", { name: "Recarregar a página" });
        await reload.waitFor(WAIT);
        await page.unroute(chunk);
        const reloaded = page.waitForEvent("load");
        await press(vp, reload);
        await reloaded;
        const pix = page.getByRole("region", { name: "Pagamento via PIX" });
        await pix.getByRole("img", { name: "QR Code PIX" }).waitFor(WAIT);
        expect(await pix.getByLabel("PIX Copia e Cola").inputValue()).toBe(expectedCode(created.referencia));
      });
    });

    it("explains the WhatsApp way when this browser has no upload token (another device)", async () => {
      await withPage(async (page) => {
        const created = await registeredHere(page, ui.app, `Caio Outro Aparelho ${vp}`, false);
        await page.goto("/obrigado");
        const main = page.getByRole("main");
        await main.getByText(`Seu código: ${created.referencia}`, { exact: true }).waitFor(WAIT);
        await main
          .getByText(/abra esta página no mesmo aparelho e navegador em que você fez a inscrição/)
          .waitFor(WAIT);
        expect(await main.getByLabel("Enviar comprovante", { exact: true }).count()).toBe(0);
        await main.getByRole("link", { name: "Enviar comprovante pelo WhatsApp" }).waitFor(WAIT);
      });
    });
  });
});
