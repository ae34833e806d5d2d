import type { FormStatus } from "../../shared/api-types";
import { FORM_STATUS_ID } from "../../shared/constants";
import type { Queryable } from "../db/database";

export async function readFormStatus(db: Queryable): Promise<FormStatus> {
  const [row] = await db.query<{ is_open: boolean; updated_at: Date }>(
    "SELECT is_open, updated_at FROM form_settings WHERE id = $1",
    [FORM_STATUS_ID],
  );
  return { is_open: row.is_open, updated_at: new Date(row.updated_at).toISOString() };
}

export async function writeFormStatus(db: Queryable, isOpen: boolean): Promise<FormStatus> {
  const [row] = await db.query<{ is_open: boolean; updated_at: Date }>(
    "UPDATE form_settings SET is_open = $2, updated_at = now() WHERE id = $1 RETURNING is_open, updated_at",
    [FORM_STATUS_ID, isOpen],
  );
  return { is_open: row.is_open, updated_at: new Date(row.updated_at).toISOString() };
}
