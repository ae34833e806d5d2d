import type { CsvColumnsInput, LineState, RefundDecision } from "../../../../shared/finance";
import type {
  Accounts,
  CashView,
  ColumnsNeeded,
  ExpenseView,
  HandoverView,
  ImportResult,
  PaidWithoutSeat,
  RefundView,
  StatementLineView,
  StatementQueuePlace,
  StatementPreview,
} from "../../../../shared/finance-views";
import { ApiError } from "../../../lib/api";
import { adminApi } from "../../../lib/admin-session";

/**
 * "Importar extrato": the result, or the columns a CSV of an unknown bank needs mapped once;
 * with `preview`, the first lines a new mapping would import, with nothing written.
 */
export async function importStatement(
  file: File,
  ticket: string,
  columns?: CsvColumnsInput,
  preview = false,
): Promise<
  | { kind: "result"; result: ImportResult }
  | { kind: "columns"; needed: ColumnsNeeded }
  | { kind: "preview"; preview: StatementPreview }
> {
  const form = new FormData();
  // Before the file: the server knows the upload's place in its queue as soon as the file has arrived.
  form.append("leitura", ticket);
  if (columns) form.append("colunas", JSON.stringify(columns));
  if (preview) form.append("previa", "1");
  form.append("arquivo", file);
  try {
    const answer = await adminApi<ImportResult | { previa: StatementPreview }>("/api/finance/statements", {
      method: "POST",
      body: form,
    });
    return "previa" in answer ? { kind: "preview", preview: answer.previa } : { kind: "result", result: answer };
  } catch (e) {
    if (e instanceof ApiError && e.status === 422) return { kind: "columns", needed: e.body as ColumnsNeeded };
    throw e;
  }
}

/** Where an upload stands in the server's one-at-a-time reading ("Na fila…"). */
export const statementQueuePlace = (ticket: string) =>
  adminApi<{ lugar: StatementQueuePlace }>(`/api/finance/statements/queue/${ticket}`, { cache: "no-store" });

/** "Pago, aguardando vaga": money kept for people with no seat, to return if none comes. */
export const listPaidWithoutSeat = () =>
  adminApi<PaidWithoutSeat[]>("/api/finance/paid-without-seat", { cache: "no-store" });

export const savedColumns = () =>
  adminApi<(CsvColumnsInput & { identificador: string | null })[]>("/api/finance/columns", { cache: "no-store" });

export const listLines = (grupo: LineState) =>
  adminApi<StatementLineView[]>(`/api/finance/lines?grupo=${grupo}`, { cache: "no-store" });

/** "Confirmar" a suggestion, or "Vincular" to a registration found by hand. */
/** One registration, or several that split the line (siblings in one PIX). */
export const confirmLine = (lineId: string, inscricao_ids: string[]) =>
  adminApi<StatementLineView>(`/api/finance/lines/${lineId}/confirm`, {
    method: "POST",
    json: inscricao_ids.length === 1 ? { inscricao_id: inscricao_ids[0] } : { inscricao_ids },
  });

export const ignoreLine = (lineId: string) =>
  adminApi<StatementLineView>(`/api/finance/lines/${lineId}/ignore`, { method: "POST" });

export const readCash = () => adminApi<CashView>("/api/finance/cash", { cache: "no-store" });

export const registerHandover = (body: { para: number; valor_centavos: number; de?: number }) =>
  adminApi<HandoverView>("/api/finance/handovers", { method: "POST", json: body });

export const confirmHandover = (id: string) =>
  adminApi<HandoverView>(`/api/finance/handovers/${id}/confirm`, { method: "POST" });

export const listRefunds = () => adminApi<RefundView[]>("/api/finance/refunds", { cache: "no-store" });

export const decideRefund = (id: string, decision: RefundDecision) =>
  adminApi<RefundView>(`/api/finance/refunds/${id}`, { method: "POST", json: decision });

export const listExpenses = () => adminApi<ExpenseView[]>("/api/finance/expenses", { cache: "no-store" });

export function addExpense(fields: Record<string, string>, file: File | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("arquivo", file);
  return adminApi<ExpenseView>("/api/finance/expenses", { method: "POST", body: form });
}

export const removeExpense = (id: string) => adminApi<void>(`/api/finance/expenses/${id}`, { method: "DELETE" });

export const readAccounts = () => adminApi<Accounts>("/api/finance/accounts", { cache: "no-store" });

/** Registrations found by name or code, for "Vincular". */
type Found = { id: string; nome_completo: string; referencia: string | null; status_pagamento: string };

/**
 * Registrations still to pay, by name or code: the seated who owe ("Pendentes"), then the waiting list
 * (someone waiting may pay anyway). Each filtered by the server, so a common name's paid people take no room.
 */
export const searchRegistrations = async (q: string) => {
  const page = (status: "pendente" | "espera") =>
    adminApi<{ items: Found[] }>(`/api/registrations?q=${encodeURIComponent(q)}&status=${status}`, {
      cache: "no-store",
    });
  const [seated, waiting] = await Promise.all([page("pendente"), page("espera")]);
  return { items: [...seated.items, ...waiting.items.filter((r) => r.status_pagamento === "pendente")] };
};
