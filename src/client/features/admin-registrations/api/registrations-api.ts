import type { ListQuery, RegistrationPage } from "../../../../shared/admin-api";
import type { Registration } from "../../../../shared/api-types";
import type { PaymentStatus } from "../../../../shared/constants";
import type { RegistrationData } from "../../../../shared/registration-schema";
import type { SeatMove } from "../../../../shared/seats";
import { dayIn } from "../../../../shared/dates";
import { appConfig } from "../../../lib/app-config";
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from "../../../lib/api";
import { adminApi, expireSession } from "../../../lib/admin-session";

export type FilterQuery = Omit<ListQuery, "page">;
export type EditBody = RegistrationData & { status_pagamento: PaymentStatus };

function params(query: FilterQuery, page?: number): string {
  const p = new URLSearchParams({ q: query.q, status: query.status, sort: query.sort });
  if (query.onibus) p.set("onibus", query.onibus);
  if (page !== undefined) p.set("page", String(page));
  return p.toString();
}

export function listRegistrations(query: FilterQuery, page: number): Promise<RegistrationPage> {
  return adminApi<RegistrationPage>(`/api/registrations?${params(query, page)}`, { cache: "no-store" });
}

/** The edit dialog: every field at once. A payment alone: mark-paid.ts, mark-unpaid.ts. */
export function editRegistration(id: string, body: EditBody): Promise<Registration> {
  return adminApi<Registration>(`/api/registrations/${encodeURIComponent(id)}`, { method: "PATCH", json: body });
}

export function getRegistration(id: string): Promise<Registration> {
  return adminApi<Registration>(`/api/registrations/${encodeURIComponent(id)}`, { cache: "no-store" });
}

export function moveSeat(id: string, move: SeatMove): Promise<Registration> {
  return adminApi<Registration>(`/api/registrations/${encodeURIComponent(id)}/seat`, { method: "PUT", json: move });
}

/** A paid registration says what happens to its money: a refund to make, or kept with a reason. */
export function deleteRegistration(
  id: string,
  money?: { dinheiro: "reembolsar" | "manter"; motivo: string },
): Promise<void> {
  const query = money ? `?${new URLSearchParams(money)}` : "";
  return adminApi<void>(`/api/registrations/${encodeURIComponent(id)}${query}`, { method: "DELETE" });
}

export type ExportKind = "xlsx" | "csv";

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain filename
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1].trim() ?? null;
}

/** Only when the answer names no file: the server's name holds the event's (exportFileName). */
function fallbackName(kind: ExportKind): string {
  return `inscricoes-${dayIn(new Date(), appConfig().timeZone)}.${kind}`;
}

/**
 * Fetches the export with the current filters and saves it as a file. Fetching
 * (rather than a plain link) lets the panel show errors and an expired session.
 */
export async function downloadExport(kind: ExportKind, query: FilterQuery, withHealth = false): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api/registrations/export.${kind}?${params(query)}${withHealth ? "&saude=1" : ""}`, {
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    if (res.status === 401) expireSession();
    throw new ApiError(res.status, body && typeof body.error === "string" ? body.error : UNKNOWN_ERROR);
  }
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get("Content-Disposition")) ?? fallbackName(kind);
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Old Android browsers read the blob after click() returns; free it later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

export const receiptUrl = (id: string) => `/api/registrations/${encodeURIComponent(id)}/receipt`;

/**
 * The receipt's type, from a HEAD request (no body travels): an image is shown
 * inline, a PDF or a HEIC (which most browsers cannot draw) as a link.
 */
export async function receiptContentType(id: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(receiptUrl(id), { method: "HEAD", credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (res.status === 401) expireSession();
  if (res.status === 404) throw new ApiError(404, "Esta inscrição não tem comprovante.");
  if (!res.ok) throw new ApiError(res.status, UNKNOWN_ERROR);
  return res.headers.get("Content-Type") ?? "";
}
