import type { Bus, BusBody, BusSaved, SeatOverview } from "../../../shared/seats";
import { adminApi } from "../../lib/admin-session";

export const getSeatOverview = () => adminApi<SeatOverview>("/api/buses", { cache: "no-store" });

export const saveBus = (bus: Bus | null, body: BusBody) =>
  bus
    ? adminApi<BusSaved>(`/api/buses/${encodeURIComponent(bus.id)}`, { method: "PATCH", json: body })
    : adminApi<BusSaved>("/api/buses", { method: "POST", json: body });

export const removeBus = (bus: Bus) => adminApi<void>(`/api/buses/${encodeURIComponent(bus.id)}`, { method: "DELETE" });
