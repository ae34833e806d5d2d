import type { FormStatus } from "../../shared/api-types";
import { FORM_STATUS_ID } from "../../shared/constants";
import type { Queryable } from "../db/database";

/**
 * The switch, and whether a closed form is a new edition's that was never
 * opened: an edition was closed before, and the switch has not moved since
 * the current one began (the close turns it off in the same transaction).
 */
export async function readFormStatus(db: Queryable): Promise<FormStatus> {
  const [row] = await db.query<{ is_open: boolean; updated_at: Date; em_breve: boolean }>(
    `SELECT f.is_open, f.updated_at,
            NOT f.is_open AND EXISTS (SELECT 1 FROM edicoes WHERE encerrada_em IS NOT NULL)
              AND f.updated_at <= (SELECT aberta_em FROM edicoes WHERE encerrada_em IS NULL) AS em_breve
     FROM form_settings f WHERE f.id = $1`,
    [FORM_STATUS_ID],
  );
  const status: FormStatus = { is_open: row.is_open, updated_at: new Date(row.updated_at).toISOString() };
  return row.em_breve ? { ...status, em_breve: true } : status;
}

/** Turns the switch off; whether it was on. */
export async function closeFormWhileSamples(db: Queryable): Promise<boolean> {
  const rows = await db.query(
    "UPDATE form_settings SET is_open = false, updated_at = now() WHERE id = $1 AND is_open RETURNING 1",
    [FORM_STATUS_ID],
  );
  return rows.length > 0;
}

export async function writeFormStatus(db: Queryable, isOpen: boolean): Promise<FormStatus> {
  const [row] = await db.query<{ is_open: boolean; updated_at: Date }>(
    "UPDATE form_settings SET is_open = $2, updated_at = now() WHERE id = $1 RETURNING is_open, updated_at",
    [FORM_STATUS_ID, isOpen],
  );
  return { is_open: row.is_open, updated_at: new Date(row.updated_at).toISOString() };
}
