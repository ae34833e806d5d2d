import { Readable } from "node:stream";
import { KINSHIP } from "../../shared/minors";
import { maskPhone } from "../../shared/phone";
import { formatPrice } from "../../shared/price";
import {
  boardedCell,
  busCell,
  EXPORT_HEADERS,
  formatLocalDateTime,
  METHOD_LABELS,
  authorizationCell,
  HEALTH_HEADER,
  paymentOriginCell,
  STATUS_LABELS,
} from "./export-format";
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

const line = (cells: (string | number)[]) => `${cells.map(csvCell).join(";")}\r\n`;

async function* csvChunks(batches: AsyncIterable<ExportRow[]>, withHealth: boolean): AsyncGenerator<Buffer> {
  // BOM + ';': what Excel in a pt-BR locale opens correctly with a double click.
  yield Buffer.from(`\uFEFF${line([...EXPORT_HEADERS, ...(withHealth ? [HEALTH_HEADER] : [])])}`, "utf8");
  for await (const batch of batches) {
    let text = "";
    for (const r of batch) {
      text += line([
        r.nome_completo,
        r.idade,
        r.numero_responsavel ? maskPhone(r.numero_responsavel) : "", // empty once anonymised
        METHOD_LABELS[r.metodo_pagamento],
        STATUS_LABELS[r.status_pagamento],
        r.preco_centavos === null ? "" : formatPrice(r.preco_centavos),
        formatLocalDateTime(r.local_ms),
        busCell(r),
        r.posicao_espera ?? "",
        boardedCell(r, r.embarcou_ida),
        boardedCell(r, r.embarcou_volta),
        r.referencia ?? "",
        r.pago_local_ms === null ? "" : formatLocalDateTime(r.pago_local_ms),
        r.confirmado_por ?? "",
        paymentOriginCell(r),
        r.responsavel_nome ?? "",
        r.parentesco ? KINSHIP[r.parentesco] : "",
        authorizationCell(r),
        ...(withHealth ? [r.saude ?? ""] : []),
      ]);
    }
    yield Buffer.from(text, "utf8");
  }
}

/** UTF-8 CSV with BOM, ';' and CRLF, written batch by batch as rows arrive. */
export function csvExport(batches: AsyncIterable<ExportRow[]>, withHealth = false): Readable {
  return Readable.from(csvChunks(batches, withHealth), { objectMode: false });
}
