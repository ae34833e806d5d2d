import type { PaymentMethod, PaymentStatus } from "../../shared/constants";
import { AUTHORIZATION_AGE } from "../../shared/minors";
import { OFF_SEAT_LABELS, type SeatState } from "../../shared/seats";
import { fold } from "../../shared/fold";
import { dayIn } from "../../shared/dates";

// Shared by the .xlsx and .csv exports, so both read the same.

export const EXPORT_HEADERS = [
  "Nome completo",
  "Idade",
  "Número Responsável",
  "Forma de pagamento",
  "Status",
  "Valor",
  "Data da inscrição",
  "Ônibus",
  "Posição na espera",
  "Embarcou (ida)",
  "Embarcou (volta)",
  "Referência",
  "Pago em",
  "Confirmado por",
  "Origem do pagamento",
  "Responsável",
  "Parentesco",
  "Autorização recebida",
  "Acompanhante",
] as const;
/** Only when asked for (decision 037): sensitive data. */
export const HEALTH_HEADER = "Cuidados de saúde";

/** "Autorização recebida": for an under-16, Sim or Não; empty for everyone else. */
export function authorizationCell(row: { idade: number; autorizacao: boolean }): string {
  if (row.idade >= AUTHORIZATION_AGE) return "";
  return row.autorizacao ? "Sim" : "Não";
}

/** "Origem do pagamento": where the payment record came from, in words. */
export function paymentOriginCell(row: {
  status_pagamento: PaymentStatus;
  origem_pagamento: "painel" | "chamada" | "extrato" | null;
  banco: string | null;
  isento: boolean;
}): string {
  if (row.status_pagamento !== "confirmado") return "";
  if (row.isento) return "Isenção";
  if (row.origem_pagamento === "extrato") return `Extrato ${row.banco ?? ""}`.trim();
  if (row.origem_pagamento === "chamada") return "Chamada (em espécie)";
  return row.origem_pagamento === "painel" ? "Painel" : "";
}

/** A trip's roll call: "Sim" or "Não" for a seated person; empty for someone no roll call lists. */
export function boardedCell(row: { situacao: SeatState }, boarded: boolean | null): string {
  if (row.situacao !== "vaga") return "";
  return boarded ? "Sim" : "Não";
}

/** The bus column: its name, or where the person is instead of a seat (the position has a column of its own). */
export function busCell(row: { situacao: SeatState; onibus_nome: string | null }): string {
  return row.situacao === "vaga" ? (row.onibus_nome ?? "") : OFF_SEAT_LABELS[row.situacao];
}

export const METHOD_LABELS: Record<PaymentMethod, string> = { PIX: "PIX", ESPECIE: "Espécie" };
export const STATUS_LABELS: Record<PaymentStatus, string> = { pendente: "Pendente", confirmado: "Pago" };

/** Excel's date serial (days since 1899-12-30) of a wall-clock time held as UTC milliseconds. */
export function excelSerial(localMs: number): number {
  return localMs / 86_400_000 + 25_569;
}

/** "JDJ 2025" -> "jdj-2025" */
export function slug(text: string): string {
  return (
    fold(text)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "evento"
  );
}

/** inscricoes-jdj-2025-2025-08-16.xlsx, dated in the event's zone. */
export function exportFileName(eventTitle: string, ext: "xlsx" | "csv", timeZone: string, now = new Date()): string {
  return `inscricoes-${slug(eventTitle)}-${dayIn(now, timeZone)}.${ext}`;
}
