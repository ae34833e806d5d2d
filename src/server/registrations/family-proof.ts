import type { RegistrationData } from "../../shared/registration-schema";
import { hashToken } from "../auth/token-hash";
import type { Queryable } from "../db/database";

/**
 * The family each new registration joins (decision 041): the first one it
 * sent a secret of, on the same guardian's number. A secret that opens
 * nothing, or another number's registration, joins nothing, so a stranger
 * who registers someone with a family's number starts a family of one.
 * Returns, for each row, the family's id or null.
 */
export async function provenFamilies(db: Queryable, rows: RegistrationData[]): Promise<(string | null)[]> {
  const proofs = rows.flatMap((row, i) =>
    (row.familia ?? []).map((p) => ({
      i,
      id: p.id.toLowerCase(),
      hash: hashToken(p.token),
      phone: row.numero_responsavel,
    })),
  );
  const families: (string | null)[] = rows.map(() => null);
  if (proofs.length === 0) return families;
  const found = await db.query<{ i: number; familia: string }>(
    `SELECT DISTINCT ON (x.i) x.i, coalesce(p.familia_id, p.id) AS familia
     FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[]) AS x(i, id, hash, phone)
     JOIN registrations p ON p.id = x.id AND p.numero_responsavel = x.phone AND p.anonimizado_em IS NULL
     WHERE p.upload_token_hash = x.hash
        OR EXISTS (SELECT 1 FROM inscricao_acessos a WHERE a.token_hash = x.hash AND a.inscricao_id = p.id)
     ORDER BY x.i, p.created_at, p.id`,
    [proofs.map((p) => p.i), proofs.map((p) => p.id), proofs.map((p) => p.hash), proofs.map((p) => p.phone)],
  );
  for (const f of found) families[f.i] = f.familia;
  return families;
}
