import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { STORAGE_KEYS } from "../../src/shared/constants";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, newContext, TEST_FEATURES_FLAG, WAIT } from "../support/browser";
import { useBrowserApp } from "../support/browser-app";
import { startAdminApp, viewportShot } from "../support/browser-admin";
import { addBus, boardedInDatabase, openRollCall, register } from "../support/browser-boarding";

const W = 640;
const H = 480;

describe("boarding passes read by the camera", () => {
  const ui = useBrowserApp(startAdminApp);
  const dir = mkdtempSync(join(tmpdir(), "caravana-qr-"));
  let ana: RegistrationCreated;
  let bia: RegistrationCreated;

  beforeAll(async () => {
    await addBus(ui.app, "Ônibus 1", 1, 1);
    await addBus(ui.app, "Ônibus 2", 5, 2);
    ana = await register(ui.app, "Ana Lima");
    bia = await register(ui.app, "Bia Melo");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * The pass as /obrigado draws it for this registration, photographed into
   * one 640×480 video frame (Y4M, the format of Chromium's fake camera).
   */
  async function passVideo(created: RegistrationCreated, nome: string, file: string): Promise<string> {
    const context = await newContext(ui.browser, "phone", { baseURL: ui.app.baseUrl });
    try {
      const stored = JSON.stringify({ ...created, nome_completo: nome });
      await context.addInitScript(
        ([keys, value]) => {
          localStorage.setItem(keys.registrationSuccess, "true");
          localStorage.setItem(keys.lastRegistration, value);
        },
        [STORAGE_KEYS, stored] as const,
      );
      const page = await context.newPage();
      await page.goto("/obrigado");
      const pass = page.getByRole("region", { name: "Seu cartão de embarque" });
      await pass.getByRole("img", { name: `Cartão de embarque ${created.referencia}` }).waitFor(WAIT);
      await pass.getByText(nome).waitFor(WAIT);
      await pass.getByText("Ônibus").first().waitFor(WAIT);
      if (nome === "Ana Lima") await viewportShot(page, "boarding-pass-phone");
      const png = await pass.screenshot();
      const luma = await page.evaluate(
        async ({ data, w, h }) => {
          const img = new Image();
          img.src = `data:image/png;base64,${data}`;
          await img.decode();
          const canvas = new OffscreenCanvas(w, h);
          const ctx = canvas.getContext("2d")!;
          ctx.fillStyle = "#fff";
          ctx.fillRect(0, 0, w, h);
          const scale = Math.min((w * 0.9) / img.width, (h * 0.9) / img.height);
          const dw = img.width * scale;
          const dh = img.height * scale;
          ctx.drawImage(img, (w - dw) / 2, (h - dh) / 2, dw, dh);
          const rgba = ctx.getImageData(0, 0, w, h).data;
          const y = new Uint8Array(w * h);
          for (let i = 0; i < y.length; i++) {
            y[i] = Math.round(0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2]);
          }
          let s = "";
          for (const b of y) s += String.fromCharCode(b);
          return btoa(s);
        },
        { data: png.toString("base64"), w: W, h: H },
      );
      const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
      const path = join(dir, file);
      writeFileSync(
        path,
        Buffer.concat([
          Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
          Buffer.from(luma, "base64"),
          chroma,
        ]),
      );
      return path;
    } finally {
      await context.close();
    }
  }

  /** A Chromium whose camera films `video`, the way a phone at the door films a pass. */
  const cameraBrowser = (video: string): Promise<Browser> =>
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        "--headless",
        ...CHROMIUM_FLAGS,
        TEST_FEATURES_FLAG,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });

  async function readWithCamera(video: string, expected: RegExp): Promise<void> {
    const browser = await cameraBrowser(video);
    try {
      const context = await newContext(browser, "phone", { baseURL: ui.app.baseUrl, permissions: ["camera"] });
      const page = await context.newPage();
      await openRollCall(page);
      await page.getByRole("combobox", { name: "Ônibus" }).selectOption({ label: "Ônibus 1" });
      await page.getByRole("button", { name: "Ler QR" }).click();
      const dialog = page.getByRole("dialog", { name: "Ler cartão de embarque" });
      await dialog.getByText(expected).waitFor({ timeout: 30_000 });
      await dialog.getByRole("button", { name: "Fechar" }).last().click();
      await dialog.waitFor({ state: "detached", ...WAIT });
    } finally {
      await browser.close();
    }
  }

  it("on a phone with no camera, says so and takes the helper to the search by name", async () => {
    const context = await newContext(ui.browser, "phone", { baseURL: ui.app.baseUrl });
    try {
      const page = await context.newPage();
      await openRollCall(page);
      await page.getByRole("combobox", { name: "Ônibus" }).selectOption({ label: "Ônibus 2" });
      await page.getByRole("button", { name: "Ler QR" }).click();
      const dialog = page.getByRole("dialog", { name: "Ler cartão de embarque" });
      await dialog.getByRole("alert").filter({ hasText: "câmera" }).waitFor(WAIT);
      await dialog
        .getByText("Sem a câmera, procure a pessoa pelo nome e toque nela para marcar o embarque.")
        .waitFor(WAIT);
      await dialog.getByRole("button", { name: "Buscar pelo nome" }).click();
      await dialog.waitFor({ state: "detached", ...WAIT });
      const search = page.getByRole("searchbox", { name: "Buscar passageiro" });
      await expect.poll(() => search.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
      await page.keyboard.type("bia");
      await page.getByRole("button", { name: /^Bia Melo/ }).waitFor(WAIT);
    } finally {
      await context.close();
    }
  });

  it("marks the right person from their pass, and refuses a pass for another bus", async () => {
    const anaVideo = await passVideo(ana, "Ana Lima", "ana.y4m");
    const biaVideo = await passVideo(bia, "Bia Melo", "bia.y4m");

    await readWithCamera(anaVideo, /^Ana Lima embarcou\.$/);
    await expect.poll(() => boardedInDatabase(ui.app), WAIT).toEqual(["Ana Lima"]);

    await readWithCamera(biaVideo, /Bia Melo é do Ônibus 2, não deste ônibus\. Ninguém foi marcado\./);
    expect(await boardedInDatabase(ui.app)).toEqual(["Ana Lima"]);
  }, 120_000);
});
