import { ActivityPage } from "../features/admin-activity/activity-page";
import { AdminSubpage } from "./admin-subpage";

/** /admin/atividade: the activity log (Coordenação). */
export function ActivityRoute() {
  return (
    <AdminSubpage title="Atividade" coordinationOnly>
      <ActivityPage />
    </AdminSubpage>
  );
}
