import type { ActivityEntry, ActivityPage, ActivityQuery } from "../../shared/activity";
import { ACTIVITY_PAGE_SIZE } from "../../shared/activity";
import type { Queryable } from "../db/database";
import { sqlParams } from "../db/sql-params";

// The activity_log table (docs/schema.md). The triggers write the changes;
// this module writes what no table change carries (logins and logouts) and
// reads the log, paged in the database.

const COLUMNS = "id::text, em, ator_id, ator_nome, tipo, inscricao_id, resumo, antes, depois";

interface Row extends Omit<ActivityEntry, "em"> {
  em: Date | string;
}
const toEntry = (r: Row): ActivityEntry => ({ ...r, em: new Date(r.em).toISOString() });

/** A login, a failed login or a logout: who, and what. */
export async function logSessionEvent(
  db: Queryable,
  event: {
    tipo: "sessao.entrou" | "sessao.falhou" | "sessao.saiu";
    atorId: number | null;
    atorNome: string;
    resumo: string;
  },
): Promise<void> {
  await db.query("INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo) VALUES ($1, $2, $3, $4)", [
    event.atorId,
    event.atorNome,
    event.tipo,
    event.resumo,
  ]);
}

/** Newest first, filtered by person, kind (or its group: "pagamento" covers both) and dates. */
export async function listActivity(db: Queryable, q: ActivityQuery, timeZone: string): Promise<ActivityPage> {
  // The current edition's entries only; earlier ones stay in the table (docs/decisions/038).
  const where: string[] = ["em >= (SELECT aberta_em FROM edicoes WHERE encerrada_em IS NULL)"];
  const params = sqlParams();
  const param = params.add;
  if (q.ator !== undefined) where.push(`ator_id = ${param(q.ator)}`);
  if (q.tipo) {
    const p = param(q.tipo);
    where.push(`(tipo = ${p} OR tipo LIKE ${p} || '.%')`);
  }
  // Days in the event's zone, as the panel shows them.
  if (q.desde || q.ate) {
    const zone = param(timeZone);
    if (q.desde) where.push(`em >= (${param(q.desde)}::date)::timestamp AT TIME ZONE ${zone}`);
    if (q.ate) where.push(`em < (${param(q.ate)}::date + 1)::timestamp AT TIME ZONE ${zone}`);
  }
  const filter = `WHERE ${where.join(" AND ")}`;
  const [{ total }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM activity_log ${filter}`,
    params.values,
  );
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const page = Math.min(q.page, pageCount);
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM activity_log ${filter} ORDER BY em DESC, id DESC LIMIT ${ACTIVITY_PAGE_SIZE} OFFSET ${
      (page - 1) * ACTIVITY_PAGE_SIZE
    }`,
    params.values,
  );
  return { items: rows.map(toEntry), total, page, pageCount };
}

/** One registration's history, newest first ("Histórico" in its details). */
export async function registrationHistory(db: Queryable, id: string): Promise<ActivityEntry[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM activity_log WHERE inscricao_id = $1 ORDER BY em DESC, id DESC LIMIT 200`,
    [id],
  );
  return rows.map(toEntry);
}

/** The people who appear in the log, for the filter: the team and anyone since removed. */
export async function activityActors(db: Queryable): Promise<{ id: number; nome: string }[]> {
  return db.query<{ id: number; nome: string }>(
    `SELECT id, nome FROM admin_users
     UNION SELECT DISTINCT ON (ator_id) ator_id, ator_nome FROM activity_log
       WHERE ator_id IS NOT NULL AND ator_id NOT IN (SELECT id FROM admin_users)
     ORDER BY nome`,
  );
}
