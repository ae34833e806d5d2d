import type { Registration } from "../../shared/api-types";
import type { EventSettings } from "../../shared/event-settings";
import { tripFacts } from "../../shared/event-facts";
import { AUTHORIZATION_AGE, type AuthorizationDocument, MINOR_MESSAGES } from "../../shared/minors";
import type { Queryable } from "../db/database";
import { ConflictError, NotFoundError } from "../domain-errors";
import { readRegistration } from "../registrations/update-registration";
import { REGISTRATION_NOT_FOUND } from "../../shared/admin-api";

const DOCUMENT_COLUMNS = `r.id, r.nome_completo, r.idade, r.responsavel_nome, r.parentesco, o.nome AS onibus_nome,
  o.responsavel_nome AS lider_nome, o.responsavel_telefone AS lider_telefone,
  r.autorizacao_recebida_em IS NOT NULL AS recebida`;

type DocumentRow = Omit<AuthorizationDocument, "destino" | "datas" | "ida" | "evento" | "grupo">;

function fill(row: DocumentRow, s: EventSettings): AuthorizationDocument {
  const trip = tripFacts(s);
  return { ...row, ...trip, evento: s.titulo, grupo: s.grupo_nome };
}

/** One registration's authorisation, filled in: the visitor's (with the upload token) or the panel's. */
export async function authorizationDocument(
  db: Queryable,
  id: string,
  s: EventSettings,
): Promise<AuthorizationDocument> {
  const [row] = await db.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM registrations r LEFT JOIN onibus o ON o.id = r.onibus_id
     WHERE r.id = $1 AND r.idade < $2 AND r.situacao <> 'desistente'`,
    [id, AUTHORIZATION_AGE],
  );
  if (!row) throw new NotFoundError("Esta inscrição não precisa de autorização de viagem.");
  return fill(row, s);
}

/** Every authorisation of a bus, or of everyone still missing one, for printing in one go. */
export async function authorizationDocuments(
  db: Queryable,
  filter: { onibus?: string; faltando?: boolean },
  s: EventSettings,
): Promise<AuthorizationDocument[]> {
  const rows = await db.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM registrations r LEFT JOIN onibus o ON o.id = r.onibus_id
     WHERE r.idade < $1 AND r.situacao = 'vaga'
       AND ($2::uuid IS NULL OR r.onibus_id = $2::uuid)
       AND (NOT $3::boolean OR caravana_falta_autorizacao(r))
     ORDER BY o.ordem NULLS LAST, r.nome_busca COLLATE "C", r.id`,
    [AUTHORIZATION_AGE, filter.onibus ?? null, filter.faltando ?? false],
  );
  return rows.map((r) => fill(r, s));
}

/** "Autorização recebida", or its undo: who marked it and when; the log writes it in the same transaction. */
export async function markAuthorization(
  db: Queryable,
  actor: { nome: string },
  id: string,
  received: boolean,
): Promise<Registration> {
  // Received only for someone who needs one and still travels; an undo always goes through.
  const [row] = await db.query<{ nome_completo: string; refused: "idade" | "desistente" | null }>(
    `WITH r AS (SELECT id, nome_completo, idade, situacao FROM registrations WHERE id = $1),
     marked AS (
       UPDATE registrations x SET
         autorizacao_recebida_em = CASE WHEN $2::boolean THEN coalesce(autorizacao_recebida_em, now()) END,
         autorizacao_por = CASE WHEN $2::boolean THEN coalesce(autorizacao_por, $3) END,
         updated_at = now()
       FROM r WHERE x.id = r.id AND (NOT $2::boolean OR (r.idade < $4 AND r.situacao <> 'desistente'))
       RETURNING x.id)
     SELECT r.nome_completo, CASE WHEN EXISTS (SELECT FROM marked) THEN NULL
                                  WHEN r.idade >= $4 THEN 'idade' ELSE 'desistente' END AS refused
     FROM r`,
    [id, received, actor.nome, AUTHORIZATION_AGE],
  );
  if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  if (row.refused === "idade") throw new ConflictError(MINOR_MESSAGES.noAuthorizationNeeded(row.nome_completo));
  if (row.refused === "desistente") throw new ConflictError(MINOR_MESSAGES.gaveUpNoAuthorization(row.nome_completo));
  return readRegistration(db, id);
}
