import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { SAVE_SCREENSHOTS, SCREENSHOT_DIR } from "./browser";

/**
 * The page as Chromium prints it on A4: the PDF's text (pdftotext, to check
 * what the paper says) and, with `npm run screenshots`, its first pages as
 * PNG under screenshots/print/ (pdftoppm, for a person to look at).
 */
export async function printedPage(page: Page, name: string): Promise<{ text: string; pages: number }> {
  const dir = join(SCREENSHOT_DIR, "print");
  mkdirSync(dir, { recursive: true });
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(pdf, await page.pdf({ format: "A4", printBackground: true }));
  const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
  if (SAVE_SCREENSHOTS) execFileSync("pdftoppm", ["-png", "-r", "60", "-l", "3", pdf, join(dir, name)]);
  const pages = (text.match(/\f/g) ?? []).length;
  return { text: text.replace(/\s+/g, " "), pages };
}
