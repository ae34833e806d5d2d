import { Readable } from "node:stream";
import { formatPrice } from "../../shared/price";
import { formatLocalDateTime } from "../../shared/dates";
import { EXPORT_HEADERS, HEALTH_HEADER } from "./export-format";
import { type CellStyle, exportCells } from "./export-row";
import type { ExportRow } from "./list-registrations";

/**
 * A cell for Excel-style CSV: always quoted; text that a spreadsheet would run
 * as a formula (= + - @, tab, CR) gets a leading space, which keeps it text
 * and, unlike an apostrophe, does not show in LibreOffice (decision 031).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = ` ${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_STYLE: CellStyle<string> = { money: formatPrice, date: formatLocalDateTime };

const line = (cells: (string | number)[]) => `${cells.map(csvCell).join(";")}\r\n`;

async function* csvChunks(batches: AsyncIterable<ExportRow[]>, withHealth: boolean): AsyncGenerator<Buffer> {
  // BOM + ';': what Excel in a pt-BR locale opens correctly with a double click.
  yield Buffer.from(`\uFEFF${line([...EXPORT_HEADERS, ...(withHealth ? [HEALTH_HEADER] : [])])}`, "utf8");
  for await (const batch of batches) {
    let text = "";
    for (const r of batch) {
      text += line(exportCells(r, withHealth, CSV_STYLE));
    }
    yield Buffer.from(text, "utf8");
  }
}

/** UTF-8 CSV with BOM, ';' and CRLF, written batch by batch as rows arrive. */
export function csvExport(batches: AsyncIterable<ExportRow[]>, withHealth = false): Readable {
  return Readable.from(csvChunks(batches, withHealth), { objectMode: false });
}
