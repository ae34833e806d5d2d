import { randomBytes } from "node:crypto";
import type { ReceiptStored } from "../../shared/api-types";
import type { Database, Queryable } from "../db/database";
import type { ReceiptType } from "./file-type";

export interface StoredReceipt {
  path: string;
  content_type: string;
  size_bytes: number;
  data: Uint8Array;
  referencia: string | null;
}

/** "Nome de quem vai pagar", from the thank-you page; null clears it. Statement suggestions read it. */
export async function savePayerName(db: Database, registrationId: string, name: string | null): Promise<void> {
  await db.query("UPDATE registrations SET nome_pagador = $2 WHERE id = $1", [registrationId, name]);
}

/** Uploads a registration may make in a day, and the earlier versions kept of its receipt. */
export const UPLOADS_PER_DAY = 5;
export const KEPT_VERSIONS = 3;

/** Why a new upload is refused before its body is read, or null; see RECEIPT_MESSAGES. */
export async function uploadRefusal(db: Queryable, registrationId: string): Promise<"confirmed" | "daily" | null> {
  const [row] = await db.query<{ confirmado: boolean; hoje: number }>(
    `SELECT r.status_pagamento = 'confirmado' AS confirmado,
            (SELECT count(*)::int FROM receipt_uploads u
             WHERE u.registration_id = r.id AND u.at > now() - interval '1 day') AS hoje
     FROM registrations r WHERE r.id = $1`,
    [registrationId],
  );
  if (!row) return null;
  if (row.confirmado) return "confirmed";
  return row.hoje >= UPLOADS_PER_DAY ? "daily" : null;
}

/**
 * Stores the receipt of a registration under comprovantes/{random}.{ext}. One
 * already there becomes an earlier version (marked, not copied: migration
 * 016); beyond KEPT_VERSIONS the oldest goes. The checks of uploadRefusal run again here, under a row lock, so two
 * uploads at once cannot both pass them.
 */
export async function saveReceipt(
  db: Database,
  registrationId: string,
  type: ReceiptType,
  data: Buffer,
): Promise<ReceiptStored | "confirmed" | "daily"> {
  const path = `comprovantes/${randomBytes(18).toString("base64url")}.${type.ext}`;
  return db.transaction(async (tx) => {
    await tx.query("SELECT 1 FROM registrations WHERE id = $1 FOR UPDATE", [registrationId]);
    const refusal = await uploadRefusal(tx, registrationId);
    if (refusal) return refusal;
    await tx.query("UPDATE receipts SET replaced_at = now() WHERE registration_id = $1 AND replaced_at IS NULL", [
      registrationId,
    ]);
    await tx.query(
      `DELETE FROM receipts WHERE registration_id = $1 AND replaced_at IS NOT NULL AND id NOT IN (
         SELECT id FROM receipts WHERE registration_id = $1 AND replaced_at IS NOT NULL
         ORDER BY replaced_at DESC, id DESC LIMIT $2)`,
      [registrationId, KEPT_VERSIONS],
    );
    await tx.query("DELETE FROM receipt_uploads WHERE registration_id = $1 AND at <= now() - interval '1 day'", [
      registrationId,
    ]);
    await tx.query("INSERT INTO receipt_uploads (registration_id) VALUES ($1)", [registrationId]);
    await tx.query(
      "INSERT INTO receipts (registration_id, path, content_type, size_bytes, data) VALUES ($1, $2, $3, $4, $5)",
      [registrationId, path, type.mime, data.length, data],
    );
    await tx.query("UPDATE registrations SET comprovante_path = $2, updated_at = now() WHERE id = $1", [
      registrationId,
      path,
    ]);
    return { path, content_type: type.mime, size_bytes: data.length };
  });
}

export interface ReceiptVersion {
  id: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
  replaced_at: string;
}

/** The earlier versions of a registration's receipt, newest first (no data). */
export async function listReceiptVersions(db: Database, registrationId: string): Promise<ReceiptVersion[]> {
  const rows = await db.query<{
    id: string;
    content_type: string;
    size_bytes: number;
    created_at: Date;
    replaced_at: Date;
  }>(
    `SELECT id::text, content_type, size_bytes, created_at, replaced_at FROM receipts
     WHERE registration_id = $1 AND replaced_at IS NOT NULL ORDER BY replaced_at DESC, id DESC`,
    [registrationId],
  );
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    replaced_at: new Date(r.replaced_at).toISOString(),
  }));
}

export async function readReceiptVersion(
  db: Database,
  registrationId: string,
  versionId: string,
): Promise<StoredReceipt | null> {
  const [row] = await db.query<StoredReceipt>(
    `SELECT v.path, v.content_type, v.size_bytes, v.data, g.referencia
     FROM receipts v JOIN registrations g ON g.id = v.registration_id
     WHERE v.registration_id = $1 AND v.id = $2::bigint AND v.replaced_at IS NOT NULL`,
    [registrationId, versionId],
  );
  return row ?? null;
}

export async function readReceipt(db: Database, registrationId: string): Promise<StoredReceipt | null> {
  const [row] = await db.query<StoredReceipt>(
    `SELECT r.path, r.content_type, r.size_bytes, r.data, g.referencia
     FROM receipts r JOIN registrations g ON g.id = r.registration_id
     WHERE r.registration_id = $1 AND r.replaced_at IS NULL`,
    [registrationId],
  );
  return row ?? null;
}
