import type { MessageListSummary, MessageListView, MessageRowView } from "../../shared/message-lists";
import type { AdminActor } from "../auth/session-repository";
import type { Queryable } from "../db/database";

/** Lists this person may work on, newest first: Equipe sees Coordenação's and its own. */
const VISIBLE = "($1::text = 'coordenacao' OR m.criada_por_papel = 'coordenacao' OR m.criada_por_id = $2)";

const SUMMARY = `m.id, m.rotulo, m.texto_titulo, m.criada_por_nome AS criada_por, m.criada_em,
  (SELECT count(*)::int FROM mensagem_linhas l WHERE l.lista_id = m.id AND l.estado = 'enviada') AS enviadas,
  (SELECT count(*)::int FROM mensagem_linhas l WHERE l.lista_id = m.id AND l.estado IN ('aguardando', 'enviada')) AS total`;

export async function recentMessageLists(db: Queryable, actor: AdminActor, limit = 10): Promise<MessageListSummary[]> {
  return db.query<MessageListSummary>(
    `SELECT ${SUMMARY} FROM mensagem_listas m WHERE ${VISIBLE} ORDER BY m.criada_em DESC, m.id LIMIT $3`,
    [actor.papel, actor.id, limit],
  );
}

/** One list with its rows, or null when it is not there or not this person's to work on. */
export async function readMessageList(db: Queryable, actor: AdminActor, id: string): Promise<MessageListView | null> {
  const [list] = await db.query<MessageListSummary & { texto: string; sem_mensagens: number }>(
    `SELECT ${SUMMARY}, m.texto, m.sem_mensagens FROM mensagem_listas m WHERE m.id = $3 AND ${VISIBLE}`,
    [actor.papel, actor.id, id],
  );
  if (!list) return null;
  // A waiting row goes by notice when each of its people has a phone with notices on (send-list-as-notices.ts).
  const [reach] = await db.query<MessageListView["avisos"]>(
    `SELECT coalesce(sum(cardinality(inscricao_ids)) FILTER (WHERE coberta), 0)::int AS pessoas,
            count(*) FILTER (WHERE coberta)::int AS linhas,
            coalesce(sum(cardinality(inscricao_ids)) FILTER (WHERE NOT coberta), 0)::int AS whatsapp
     FROM (SELECT l.inscricao_ids,
                  NOT EXISTS (SELECT 1 FROM unnest(l.inscricao_ids) AS i(id)
                              WHERE NOT EXISTS (SELECT 1 FROM aviso_inscricoes a WHERE a.inscricao_id = i.id)) AS coberta
           FROM mensagem_linhas l WHERE l.lista_id = $1 AND l.estado = 'aguardando') linhas`,
    [id],
  );
  const rows = await db.query<Omit<MessageRowView, "com_voce"> & { com_id: number | null }>(
    `SELECT l.id, l.telefone, l.estado, l.canal, l.motivo, l.enviada_por_nome AS enviada_por, l.enviada_em,
            CASE WHEN l.com_ate > now() THEN l.com_nome END AS com, CASE WHEN l.com_ate > now() THEN l.com_id END AS com_id,
            coalesce((SELECT json_agg(json_build_object('nome', r.nome_completo, 'codigo', r.referencia)
                                      ORDER BY r.created_at, r.id)
                      FROM registrations r WHERE r.id = ANY(l.inscricao_ids)), '[]') AS pessoas
     FROM mensagem_linhas l WHERE l.lista_id = $1 ORDER BY l.ordem`,
    [id],
  );
  return {
    ...list,
    avisos: reach,
    linhas: rows.map(({ com_id, ...row }) => ({
      ...row,
      pessoas: typeof row.pessoas === "string" ? JSON.parse(row.pessoas) : row.pessoas,
      com_voce: com_id === actor.id,
    })),
  };
}
