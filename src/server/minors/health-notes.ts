import { REGISTRATION_NOT_FOUND } from "../../shared/admin-api";
import type { Queryable } from "../db/database";
import { NotFoundError } from "../domain-errors";

/**
 * "Cuidados de saúde" of one registration, for Coordenação's details: sensitive
 * data (decision 037), so on a route of its own that Equipe cannot call.
 */
export async function readHealthNotes(db: Queryable, id: string): Promise<{ saude: string | null }> {
  const [row] = await db.query<{ saude: string | null }>("SELECT saude FROM registrations WHERE id = $1", [id]);
  if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  return { saude: row.saude };
}
