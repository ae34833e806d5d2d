import { KINSHIP } from "../../shared/minors";
import { maskPhone } from "../../shared/phone";
import {
  authorizationCell,
  boardedCell,
  busCell,
  METHOD_LABELS,
  paymentOriginCell,
  STATUS_LABELS,
} from "./export-format";
import type { ExportRow } from "./list-registrations";

/** How a format writes money and moments: text in the CSV, a number and a real date in the workbook. */
export interface CellStyle<C> {
  money(cents: number): C;
  date(localMs: number): C;
}

/** One registration's row, in EXPORT_HEADERS' order, the same for the .xlsx and the .csv. */
export function exportCells<C>(r: ExportRow, withHealth: boolean, style: CellStyle<C>): (string | number | C)[] {
  return [
    r.nome_completo,
    r.idade,
    r.numero_responsavel ? maskPhone(r.numero_responsavel) : "", // empty once anonymised
    METHOD_LABELS[r.metodo_pagamento],
    STATUS_LABELS[r.status_pagamento],
    r.valor_devido_centavos === null ? "" : style.money(r.valor_devido_centavos),
    style.date(r.local_ms),
    busCell(r),
    r.posicao_espera ?? "",
    boardedCell(r, r.embarcou_ida),
    boardedCell(r, r.embarcou_volta),
    r.referencia ?? "",
    r.pago_local_ms === null ? "" : style.date(r.pago_local_ms),
    r.confirmado_por ?? "",
    paymentOriginCell(r),
    r.responsavel_nome ?? "",
    r.parentesco ? KINSHIP[r.parentesco] : "",
    authorizationCell(r),
    r.acompanhante ? "Sim" : "",
    ...(withHealth ? [r.saude ?? ""] : []),
  ];
}
