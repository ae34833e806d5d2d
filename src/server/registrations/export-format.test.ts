import { describe, expect, it } from "vitest";
import { csvCell } from "./export-csv";
import { formatLocalDateTime } from "../../shared/dates";
import { excelSerial, exportFileName, slug } from "./export-format";
import { columnName, rowXml, xmlText } from "../spreadsheets/xlsx-writer";

describe("export formatting", () => {
  it("names the file after the event and Brazil's date", () => {
    // 02:00 UTC on the 16th is still the 15th in America/Fortaleza (UTC-3).
    expect(exportFileName("JDJ 2025", "xlsx", "America/Fortaleza", new Date("2025-08-16T02:00:00Z"))).toBe(
      "inscricoes-jdj-2025-2025-08-15.xlsx",
    );
    expect(exportFileName("JDJ 2025", "csv", "America/Fortaleza", new Date("2025-08-16T03:00:00Z"))).toBe(
      "inscricoes-jdj-2025-2025-08-16.csv",
    );
    expect(slug("Jornada da Juventude: São Luís!")).toBe("jornada-da-juventude-sao-luis");
    expect(slug("***")).toBe("evento");
  });

  it("turns wall-clock milliseconds into Excel serials and pt-BR text", () => {
    expect(excelSerial(Date.UTC(1899, 11, 30))).toBe(0);
    expect(excelSerial(Date.UTC(2025, 7, 16, 12))).toBe(45885.5);
    expect(formatLocalDateTime(Date.UTC(2025, 7, 6, 8, 5))).toBe("06/08/2025 08:05");
  });

  it("escapes XML and drops characters XML cannot hold", () => {
    expect(xmlText(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    expect(xmlText("a\u0000b\u0007c\u001Fd\tE\nF\uFFFEG")).toBe("abcd\tE\nFG");
    expect(xmlText("lone \uD800 surrogate, pair 😀")).toBe("lone  surrogate, pair 😀");
    expect(rowXml({ cells: ["x", 2, { date: 45885.5 }, null] }, 7)).toBe(
      '<row r="7"><c r="A7" t="inlineStr"><is><t xml:space="preserve">x</t></is></c><c r="B7"><v>2</v></c><c r="C7" s="2"><v>45885.5</v></c></row>',
    );
  });

  it("names spreadsheet columns", () => {
    expect([0, 5, 25, 26, 27, 701, 702].map(columnName)).toEqual(["A", "F", "Z", "AA", "AB", "ZZ", "AAA"]);
  });

  it("quotes CSV cells and defuses formulas", () => {
    expect(csvCell('Ana "Aninha"; Souza')).toBe('"Ana ""Aninha""; Souza"');
    for (const danger of ["=1+1", "+55", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(danger)).toBe(`" ${danger}"`);
    expect(csvCell(17)).toBe('"17"');
    expect(csvCell("(98) 99999-8888")).toBe('"(98) 99999-8888"');
  });
});
