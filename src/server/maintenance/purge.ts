import type { Database } from "../db/database";

/** Lower-case name particles that do not become initials ("Maria da Silva" → "M. S."). */
const PARTICLES = new Set(["da", "das", "de", "do", "dos", "e", "di", "du", "del"]);

export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter((w) => w && !PARTICLES.has(w.toLowerCase()))
    // The first letter of each word; words with no letter (symbols, emoji) give none.
    .map((w) => /\p{L}/u.exec(w.normalize("NFC"))?.[0].toLocaleUpperCase("pt-BR"))
    .filter(Boolean);
  return letters.length ? `${letters.join(". ")}.` : "?";
}

export interface PurgeResult {
  registrations: number;
  receipts: number;
}

/**
 * Removes the personal data of an ended event: names become initials, phones
 * and receipts are deleted; ages, payment data and dates stay, so the counts hold.
 * Rows already anonymised are left alone, so running it twice changes nothing.
 */
export async function purgePersonalData(db: Database): Promise<PurgeResult> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; nome_completo: string }>(
      "SELECT id, nome_completo FROM registrations WHERE anonimizado_em IS NULL FOR UPDATE",
    );
    const [{ n: receipts }] = await tx.query<{ n: number }>(
      "WITH gone AS (DELETE FROM receipts RETURNING 1) SELECT count(*)::int AS n FROM gone",
    );
    await tx.query("DELETE FROM receipt_uploads");
    for (const row of rows) {
      await tx.query(
        `UPDATE registrations
         SET nome_completo = $2, numero_responsavel = NULL, comprovante_path = NULL, upload_token_hash = NULL,
             idempotency_key = NULL, anonimizado_em = now(), updated_at = now()
         WHERE id = $1`,
        [row.id, initials(row.nome_completo)],
      );
    }
    // Admin sessions hold no personal data, but nobody needs them after the event either.
    await tx.query("DELETE FROM admin_sessions");
    return { registrations: rows.length, receipts };
  });
}
