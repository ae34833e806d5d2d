import type { Bus, BusBody, BusSaved, SeatOverview, UnpaidSeat } from "../../../shared/seats";
import { adminApi } from "../../lib/admin-session";

export const getSeatOverview = () => adminApi<SeatOverview>("/api/buses", { cache: "no-store" });

export const saveBus = (bus: Bus | null, body: BusBody) =>
  bus
    ? adminApi<BusSaved>(`/api/buses/${encodeURIComponent(bus.id)}`, { method: "PATCH", json: body })
    : adminApi<BusSaved>("/api/buses", { method: "POST", json: body });

export const removeBus = (bus: Bus) => adminApi<void>(`/api/buses/${encodeURIComponent(bus.id)}`, { method: "DELETE" });

export const listUnpaid = (before: string) =>
  adminApi<UnpaidSeat[]>(`/api/registrations/unpaid?antes=${encodeURIComponent(before)}`, { cache: "no-store" });

export const releaseUnpaid = (before: string, ids: string[]) =>
  adminApi<{ liberadas: number }>("/api/registrations/release-unpaid", {
    method: "POST",
    json: { antes: before, ids },
  });
