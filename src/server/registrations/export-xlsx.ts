import { Readable } from "node:stream";
import { EXPORT_HEADERS, excelSerial, HEALTH_HEADER } from "./export-format";
import { type CellStyle, exportCells } from "./export-row";
import type { ExportRow } from "./list-registrations";
import { writeXlsx, type XlsxRow } from "../spreadsheets/xlsx-writer";
import { plural } from "../../shared/plural";

export const SHEET_NAME = "Inscrições";
const COLUMN_WIDTHS = [40, 8, 20, 20, 12, 10, 18, 20, 10, 14, 14, 12, 18, 20, 22, 30, 18, 12, 14, 40];
/** Reais as a number, so a sum works in the sheet; real date cells. */
const XLSX_STYLE: CellStyle<number | { date: number }> = {
  money: (cents) => cents / 100,
  date: (localMs) => ({ date: excelSerial(localMs) }),
};

/** Rows turned into XML and compressed at a time: a whole batch as one string made the export's memory grow with its columns. */
const SHEET_SLICE = 1000;

/** Header, one row per registration, then a blank row and the totals of what was exported. */
async function* sheetRows(batches: AsyncIterable<ExportRow[]>, withHealth: boolean): AsyncGenerator<XlsxRow[]> {
  yield [{ cells: [...EXPORT_HEADERS, ...(withHealth ? [HEALTH_HEADER] : [])], bold: true }];
  const totals = { all: 0, pagos: 0, pendentes: 0, espera: 0, pix: 0, especie: 0 };
  for await (const batch of batches)
    for (let i = 0; i < batch.length; i += SHEET_SLICE)
      yield batch.slice(i, i + SHEET_SLICE).map((r) => {
        totals.all++;
        if (r.status_pagamento === "confirmado") totals.pagos++;
        // "Pendentes" is seated and owing; the waiting list is counted apart.
        else if (r.situacao === "vaga") totals.pendentes++;
        if (r.situacao === "espera") totals.espera++;
        if (r.metodo_pagamento === "PIX") totals.pix++;
        else totals.especie++;
        return {
          cells: exportCells(r, withHealth, XLSX_STYLE),
        };
      });
  yield [
    { cells: [] },
    {
      bold: true,
      cells: [
        `Total: ${plural(totals.all, "inscrição", "inscrições")}`,
        null,
        null,
        `PIX: ${totals.pix} · Espécie: ${totals.especie}`,
        `Pagos: ${totals.pagos} · Pendentes: ${totals.pendentes} · Lista de espera: ${totals.espera}`,
      ],
    },
  ];
}

/** The registrations as a real workbook, streamed batch by batch. */
export function xlsxExport(batches: AsyncIterable<ExportRow[]>, withHealth = false): Readable {
  return Readable.from(
    writeXlsx({ sheetName: SHEET_NAME, columnWidths: COLUMN_WIDTHS, rows: sheetRows(batches, withHealth) }),
    {
      objectMode: false,
    },
  );
}
