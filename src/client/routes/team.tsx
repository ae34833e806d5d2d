import { TeamPage } from "../features/admin-team/team-page";
import { AdminSubpage } from "./admin-subpage";

/** /admin/equipe: the people of the panel (Coordenação). */
export function TeamRoute() {
  return (
    <AdminSubpage title="Equipe" coordinationOnly>
      <TeamPage />
    </AdminSubpage>
  );
}
