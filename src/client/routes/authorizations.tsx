import { AuthorizationsPrint } from "../features/admin-authorizations/authorizations-print";
import { AdminSubpage } from "./admin-subpage";

/** /admin/autorizacoes: the minors' travel authorisations, printed by bus or for everyone missing one. */
export function AuthorizationsRoute() {
  return (
    <AdminSubpage title="Autorizações de viagem" coordinationOnly>
      <AuthorizationsPrint />
    </AdminSubpage>
  );
}
