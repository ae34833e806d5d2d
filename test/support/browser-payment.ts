import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import type { RegistrationCreated } from "../../src/shared/api-types";
import { newContext, onTheSite } from "./browser";
import type { TestApp } from "./test-app";

/** Shared by test/browser/payment-flow.test.ts. */

/** Width and height from a JPEG's start-of-frame marker (SOF0..SOF15, not DHT/JPG/DAC). */
export function jpegSize(data: Uint8Array): { width: number; height: number } {
  if (data[0] !== 0xff || data[1] !== 0xd8) throw new Error("não é JPEG");
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) throw new Error(`marcador inválido em ${i}`);
    const marker = data[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    const length = (data[i + 2] << 8) | data[i + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (data[i + 5] << 8) | data[i + 6], width: (data[i + 7] << 8) | data[i + 8] };
    }
    i += 2 + length;
  }
  throw new Error("JPEG sem SOF");
}

/** A real photo-like JPEG, `width` x `height` px: a screenshot of a made-up bank receipt. */
export async function receiptPhoto(browser: Browser, baseURL: string, width: number, height: number): Promise<Buffer> {
  const context = await newContext(browser, "desktop", { baseURL });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width, height });
    await page.setContent(`<!doctype html><body style="margin:0;display:grid;place-items:center;height:100vh;
      background:linear-gradient(135deg,#fef3c7,#bfdbfe 60%,#fbcfe8);font:48px sans-serif">
      <div style="background:#fff;padding:60px 90px;border-radius:24px;box-shadow:0 10px 40px #0003">
        <h1 style="color:#14532d">Pix enviado</h1><p>R$ 15,00</p><p>Juventude Catolica VG</p></div></body>`);
    return await page.screenshot({ type: "jpeg", quality: 90 });
  } finally {
    await context.close();
  }
}

/** A minimal, valid one-page PDF. */
export function minimalPdf(): Buffer {
  const content = "BT /F1 18 Tf 40 100 Td (Pix enviado) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, n) => {
    offsets.push(body.length);
    body += `${n + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Registers through the API and leaves this browser as if it had made the registration (the page's own storage keys). */
export async function registeredHere(
  page: Page,
  t: TestApp,
  nome: string,
  keepToken = true,
): Promise<RegistrationCreated> {
  const res = await page.request.post("/api/registrations", {
    data: { nome_completo: nome, idade: 25, numero_responsavel: "98999998888", metodo_pagamento: "PIX" },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as RegistrationCreated;
  const stored: Partial<RegistrationCreated> = { ...created };
  if (!keepToken) delete stored.upload_token;
  await onTheSite(page);
  await page.evaluate((json) => {
    localStorage.setItem("caravana:inscricao-sucesso", "true");
    localStorage.setItem("caravana:ultima-inscricao", json);
  }, JSON.stringify(stored));
  expect((await t.db.query("SELECT 1 FROM registrations WHERE id = $1", [created.id])).length).toBe(1);
  return created;
}

/** Every value the page's <progress> elements showed, recorded from the start of the page. */
export async function recordProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      document.querySelectorAll("progress").forEach((p) => {
        if (seen[seen.length - 1] !== p.value) seen.push(p.value);
      });
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
  });
}

export const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
