import type { EventSettingsInput, SettingKey, SettingsView } from "../../../shared/event-settings";
import { adminApi } from "../../lib/admin-session";

export const getSettings = () => adminApi<SettingsView>("/api/settings", { cache: "no-store" });

export const saveSettings = (body: EventSettingsInput) =>
  adminApi<SettingsView>("/api/settings", { method: "PUT", json: body });

export const restoreDefault = (key: SettingKey) => adminApi<SettingsView>(`/api/settings/${key}`, { method: "DELETE" });
