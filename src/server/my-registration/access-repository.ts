import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { hashToken, newSecret } from "../auth/token-hash";
import type { Database, Queryable } from "../db/database";
import { TooManyAttemptsError } from "../domain-errors";

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

/** Links a registration may be given in an hour, by messages and "Enviar link" together (a reminder, the departure, a resend…). */
export const LINKS_PER_REGISTRATION_PER_HOUR = 12;
export const LINKS_CAPPED =
  "Esta inscrição já recebeu muitos links pessoais na última hora. Envie a mensagem sem o link ou tente mais tarde.";

/**
 * The registrations among these whose proof (shared/my-registration.ts,
 * watchProof) was made from one of their secrets: the upload token of the
 * phone that registered, or a secret a lookup or a link gave out.
 */
export async function provenWatches(db: Queryable, pairs: { id: string; proof: string }[]): Promise<string[]> {
  const rows = await db.query<{ id: string; hash: string }>(
    `SELECT r.id, r.upload_token_hash AS hash FROM registrations r
     WHERE r.id = ANY($1::uuid[]) AND r.upload_token_hash IS NOT NULL
     UNION ALL
     SELECT a.inscricao_id, a.token_hash FROM inscricao_acessos a WHERE a.inscricao_id = ANY($1::uuid[])`,
    [pairs.map((p) => p.id)],
  );
  const proofOf = (hash: string, id: string) => createHash("sha256").update(`${hash}:${id}`).digest("hex").slice(0, 32);
  return pairs
    .filter((p) => rows.some((r) => r.id === p.id && sameHash(proofOf(r.hash, r.id), p.proof)))
    .map((p) => p.id);
}

/** app_settings' key of the server's secret that held message rows derive their links from. */
export const LINKS_KEY = "chave_links_mensagens";

/** The same secret for the same seed and registration: a held message row's links, each time it is copied. */
const derivedSecret = (key: string, seed: string, id: string) =>
  createHmac("sha256", key).update(`${seed}:${id}`).digest("base64url");

/**
 * Secrets for these registrations, one each; only their hashes are stored.
 * New ones, unless `derived` gives a key and a seed: then the secret is made
 * from them, and giving it again stores nothing new. Personal links ("link")
 * stop at LINKS_PER_REGISTRATION_PER_HOUR per registration.
 */
export async function grantAccess(
  db: Queryable,
  ids: string[],
  origem: "busca" | "link",
  derived?: { key: string; seed: string },
): Promise<Map<string, string>> {
  const tokens = new Map(ids.map((id) => [id, derived ? derivedSecret(derived.key, derived.seed, id) : newSecret()]));
  if (ids.length === 0) return tokens;
  await db.query(
    `INSERT INTO inscricao_acessos (token_hash, inscricao_id, origem)
     SELECT * FROM unnest($1::text[], $2::uuid[], array_fill($3::text, ARRAY[cardinality($2::uuid[])]))
     ON CONFLICT (token_hash) DO NOTHING`,
    [ids.map((id) => hashToken(tokens.get(id) as string)), ids, origem],
  );
  if (origem === "link") {
    const [over] = await db.query(
      `SELECT 1 FROM inscricao_acessos WHERE inscricao_id = ANY($1::uuid[]) AND origem = 'link'
         AND criado_em > now() - interval '1 hour'
       GROUP BY inscricao_id HAVING count(*) > $2 LIMIT 1`,
      [ids, LINKS_PER_REGISTRATION_PER_HOUR],
    );
    if (over) throw new TooManyAttemptsError(LINKS_CAPPED, 60 * 60);
  }
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
 * the upload token of the phone that made it included, and so do the notices
 * of the phones that proved it; one new link is given. Null when there is no such registration.
 */
export async function replaceAccess(db: Database, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      "UPDATE registrations SET upload_token_hash = NULL, link_trocado_em = now() WHERE id = $1 RETURNING id",
      [id],
    );
    if (!row) return null;
    await tx.query("DELETE FROM inscricao_acessos WHERE inscricao_id = $1", [id]);
    // The phones that proved it with an old secret stop hearing about it (a subscription left with
    // nothing to hear about goes too: caravana_avisos_sem_inscricao).
    await tx.query("DELETE FROM aviso_inscricoes WHERE inscricao_id = $1", [id]);
    const tokens = await grantAccess(tx, [id], "link");
    return tokens.get(id) as string;
  });
}

/**
 * The lookup from another phone: the guardian's number and one registration's
 * code open that registration and its family's on that number (the siblings
 * registered from the phone that held it, registrations.familia_id), each with
 * a new secret for this phone. A code never opens a registration someone else
 * made on the number: registering with a family's number proves nothing.
 * A registration whose link was replaced ("Gerar novo link") opens only by its
 * new link. A wrong pair finds nothing, like a pair that does not exist.
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
         SELECT coalesce(familia_id, id) AS familia FROM registrations
         WHERE numero_responsavel = $1 AND referencia = $2 AND link_trocado_em IS NULL AND anonimizado_em IS NULL
       )
       SELECT r.id, r.nome_completo, r.referencia FROM registrations r, matched m
       WHERE r.numero_responsavel = $1 AND r.referencia IS NOT NULL AND r.anonimizado_em IS NULL
         AND r.link_trocado_em IS NULL AND coalesce(r.familia_id, r.id) = m.familia
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
