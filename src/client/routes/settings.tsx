import { SettingsPage } from "../features/admin-settings/settings-page";
import { AdminSubpage } from "./admin-subpage";

/** /admin/configuracoes: the event facts (Coordenação). */
export function SettingsRoute() {
  return (
    <AdminSubpage title="Configurações" coordinationOnly>
      <SettingsPage />
    </AdminSubpage>
  );
}
