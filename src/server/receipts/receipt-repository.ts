import { randomBytes } from "node:crypto";
import type { ReceiptStored } from "../../shared/api-types";
import type { Database } from "../db/database";
import type { ReceiptType } from "./file-type";

export interface StoredReceipt {
  path: string;
  content_type: string;
  size_bytes: number;
  data: Uint8Array;
  referencia: string | null;
}

/** The hash of the upload token a registration was given, or null (no such registration, or purged). */
export async function uploadTokenHashOf(db: Database, registrationId: string): Promise<string | null> {
  const [row] = await db.query<{ upload_token_hash: string | null }>(
    "SELECT upload_token_hash FROM registrations WHERE id = $1",
    [registrationId],
  );
  return row?.upload_token_hash ?? null;
}

/** Stores (or replaces) the one receipt of a registration under comprovantes/{random}.{ext}. */
export async function saveReceipt(
  db: Database,
  registrationId: string,
  type: ReceiptType,
  data: Buffer,
): Promise<ReceiptStored> {
  const path = `comprovantes/${randomBytes(18).toString("base64url")}.${type.ext}`;
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO receipts (registration_id, path, content_type, size_bytes, data) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (registration_id) DO UPDATE
         SET path = EXCLUDED.path, content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes,
             data = EXCLUDED.data, created_at = now()`,
      [registrationId, path, type.mime, data.length, data],
    );
    await tx.query("UPDATE registrations SET comprovante_path = $2, updated_at = now() WHERE id = $1", [
      registrationId,
      path,
    ]);
  });
  return { path, content_type: type.mime, size_bytes: data.length };
}

export async function readReceipt(db: Database, registrationId: string): Promise<StoredReceipt | null> {
  const [row] = await db.query<StoredReceipt>(
    `SELECT r.path, r.content_type, r.size_bytes, r.data, g.referencia
     FROM receipts r JOIN registrations g ON g.id = r.registration_id WHERE r.registration_id = $1`,
    [registrationId],
  );
  return row ?? null;
}
