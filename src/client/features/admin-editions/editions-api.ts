import type {
  ArchivedRegistration,
  CloseEditionInput,
  CloseEditionResult,
  EditionsView,
} from "../../../shared/editions";
import { adminApi } from "../../lib/admin-session";

export const listEditions = () => adminApi<EditionsView>("/api/editions", { cache: "no-store" });

export const closeEdition = (body: CloseEditionInput) =>
  adminApi<CloseEditionResult>("/api/editions/close", { method: "POST", json: body });

export const keptRegistrations = (id: number) =>
  adminApi<ArchivedRegistration[]>(`/api/editions/${id}/registrations`, { cache: "no-store" });

export const keptExportUrl = (id: number, ext: "xlsx" | "csv") => `/api/editions/${id}/export.${ext}`;
