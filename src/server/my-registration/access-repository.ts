import { timingSafeEqual } from "node:crypto";
import { hashToken, newSecret } from "../auth/token-hash";
import type { Database, Queryable } from "../db/database";

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether `token` opens registration `id`: the upload token of the phone that
 * made it, or a secret a lookup or a link gave out (inscricao_acessos). Only
 * hashes are compared; an unknown id and a wrong token look the same.
 */
export async function holdsRegistration(db: Queryable, id: string, token: string): Promise<boolean> {
  const hash = hashToken(token);
  const [row] = await db.query<{ upload_token_hash: string | null; granted: boolean }>(
    `SELECT r.upload_token_hash,
            EXISTS (SELECT 1 FROM inscricao_acessos a WHERE a.token_hash = $2 AND a.inscricao_id = r.id) AS granted
     FROM registrations r WHERE r.id = $1`,
    [id, hash],
  );
  if (!row) return false;
  return row.granted || (row.upload_token_hash !== null && sameHash(row.upload_token_hash, hash));
}

/** New secrets for these registrations, one each; only their hashes are stored. */
export async function grantAccess(
  db: Queryable,
  ids: string[],
  origem: "busca" | "link",
): Promise<Map<string, string>> {
  const tokens = new Map(ids.map((id) => [id, newSecret()]));
  if (ids.length === 0) return tokens;
  await db.query(
    `INSERT INTO inscricao_acessos (token_hash, inscricao_id, origem)
     SELECT * FROM unnest($1::text[], $2::uuid[], array_fill($3::text, ARRAY[cardinality($2::uuid[])]))`,
    [ids.map((id) => hashToken(tokens.get(id) as string)), ids, origem],
  );
  return tokens;
}

/** "Enviar link": one more secret for a registration, the earlier ones kept. Null when there is no such registration. */
export async function giveLink(db: Database, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      "SELECT id FROM registrations WHERE id = $1 AND referencia IS NOT NULL AND anonimizado_em IS NULL FOR SHARE",
      [id],
    );
    if (!row) return null;
    return (await grantAccess(tx, [id], "link")).get(id) as string;
  });
}

/**
 * "Gerar novo link": every earlier secret of the registration stops working,
 * the upload token of the phone that made it included, and one new link is
 * given. Null when there is no such registration.
 */
export async function replaceAccess(db: Database, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      "UPDATE registrations SET upload_token_hash = NULL, link_trocado_em = now() WHERE id = $1 RETURNING id",
      [id],
    );
    if (!row) return null;
    await tx.query("DELETE FROM inscricao_acessos WHERE inscricao_id = $1", [id]);
    const tokens = await grantAccess(tx, [id], "link");
    return tokens.get(id) as string;
  });
}

/**
 * The lookup from another phone: the guardian's number and one registration's
 * code open that registration and every later one on that number (siblings
 * registered after it), each with a new secret for this phone. Not earlier
 * ones: whoever registers someone new with a family's number must not open its
 * children. A registration whose link was replaced ("Gerar novo link") opens
 * only by its new link. A wrong pair finds nothing, like a pair that does not
 * exist.
 */
export async function findByPhoneAndCode(
  db: Database,
  phone: string,
  code: string,
): Promise<{ id: string; token: string; nome_completo: string; referencia: string }[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; nome_completo: string; referencia: string }>(
      // FOR SHARE: a "Gerar novo link" at the same moment runs before or after, never in between.
      `WITH matched AS (
         SELECT created_at, id FROM registrations
         WHERE numero_responsavel = $1 AND referencia = $2 AND link_trocado_em IS NULL AND anonimizado_em IS NULL
       )
       SELECT r.id, r.nome_completo, r.referencia FROM registrations r, matched m
       WHERE r.numero_responsavel = $1 AND r.referencia IS NOT NULL AND r.anonimizado_em IS NULL
         AND r.link_trocado_em IS NULL AND (r.created_at, r.id) >= (m.created_at, m.id)
       ORDER BY r.created_at, r.id
       FOR SHARE OF r`,
      [phone, code],
    );
    const tokens = await grantAccess(
      tx,
      rows.map((r) => r.id),
      "busca",
    );
    return rows.map((r) => ({ ...r, token: tokens.get(r.id) as string }));
  });
}
