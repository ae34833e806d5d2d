import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ViewportName, toastTitled, VIEWPORT_NAMES, WAIT } from "../support/browser";
import { withNewPage } from "../support/lent-pages";
import { useBrowserApp } from "../support/browser-app";
import { expectNames, openDashboard, seed, startAdminApp } from "../support/browser-admin";

const FILE_NAME = (ext: string) => new RegExp(`^inscricoes-jdj-2025-\\d{4}-\\d{2}-\\d{2}\\.${ext}$`);

/** Clicks an export button and returns the saved file. */
async function download(page: Page, button: string, dir: string): Promise<{ name: string; path: string }> {
  const [dl] = await Promise.all([
    page.waitForEvent("download", WAIT),
    page.getByRole("button", { name: button }).click(),
  ]);
  const name = dl.suggestedFilename();
  const path = join(dir, name);
  await dl.saveAs(path);
  return { name, path };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object" && "richText" in value) return value.richText.map((r) => r.text).join("");
  return value === null || value === undefined ? "" : String(value);
}

describe("admin export", () => {
  const ui = useBrowserApp(startAdminApp);
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "caravana-export-"));
    await seed(ui.app.db, [
      { nome: "João Batista", minutesAgo: 1, status: "confirmado", telefone: "98912345678" },
      { nome: "Joana Prado", minutesAgo: 2, status: "pendente", metodo: "ESPECIE" },
      { nome: "Maria José", minutesAgo: 3, status: "confirmado" },
      { nome: "Pedro Paulo", minutesAgo: 4 },
    ]);
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `fn` on the panel's dashboard, in a page lent from test to test. */
  const onDashboard = (vp: ViewportName, fn: (page: Page) => Promise<void>) =>
    withNewPage(ui.browser, vp, { baseURL: ui.app.baseUrl }, async (page) => {
      await openDashboard(page);
      await fn(page);
    });

  describe.each(VIEWPORT_NAMES)("on %s", (vp) => {
    it("downloads an Excel file with the rows of the current filter", async () => {
      await onDashboard(vp, async (page) => {
        await page.getByLabel("Status", { exact: true }).selectOption({ label: "Pagos" });
        await expectNames(page, vp, ["João Batista", "Maria José"]);
        const [file] = await Promise.all([
          download(page, "Exportar Excel", dir),
          toastTitled(page, "Exportando...").waitFor(WAIT),
        ]);
        expect(file.name).toMatch(FILE_NAME("xlsx"));

        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(file.path);
        const sheet = workbook.worksheets[0];
        const rows: string[][] = [];
        sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText)));
        expect(rows[0].slice(0, 3)).toEqual(["Nome completo", "Idade", "Número Responsável"]);
        // One row per registration in the list's order; a totals line may follow.
        const people = rows.slice(1).filter((r) => !r[0].startsWith("Total"));
        expect(people.map((r) => r[0])).toEqual(["João Batista", "Maria José"]);
        expect(people[0].slice(1, 3)).toEqual(["20", "(98) 91234-5678"]);
        expect(people.every((r) => r.includes("Pago"))).toBe(true);
        expect(rows.flat().join(" ")).not.toMatch(/Joana|Pedro/);
      });
    });

    it("downloads a CSV file with the current search", async () => {
      await onDashboard(vp, async (page) => {
        await page.getByLabel("Buscar por nome").fill("joa");
        await expectNames(page, vp, ["João Batista", "Joana Prado"]);
        const file = await download(page, "Exportar CSV", dir);
        expect(file.name).toMatch(FILE_NAME("csv"));
        const text = readFileSync(file.path, "utf8");
        expect(text).toContain("João Batista");
        expect(text).toContain("Joana Prado");
        expect(text).not.toMatch(/Maria José|Pedro Paulo/);
      });
    });
  });
});
