import type { EventSettings } from "../../shared/event-settings";
import { fillMessage, MESSAGE_MESSAGES, type MessageGroup } from "../../shared/messages";
import type { AdminActor } from "../auth/session-repository";
import type { Database } from "../db/database";
import { ForbiddenError, NotFoundError } from "../domain-errors";
import { asPerson, eventFacts } from "./message-facts";
import { stillInGroup, whyLeft } from "./message-groups";
import { mayWorkOn } from "./send-message-row";

/** What a notice says where a WhatsApp text has the personal link: the notice itself opens "Minha inscrição". */
export const NOTICE_INSTEAD_OF_LINK = "toque neste aviso";

export interface NoticesSent {
  /** People told on their phones. */
  pessoas: number;
  /** Rows (phones) marked sent by notice. */
  linhas: number;
}

interface ListRow {
  grupo: MessageGroup;
  onibus_id: string | null;
  texto: string;
  texto_titulo: string;
  criada_por_id: number | null;
  criada_por_papel: "coordenacao" | "equipe";
}

/**
 * "Enviar aviso no celular": every row of the list whose people all have a
 * phone with notices on is sent as a notice, in one transaction; the rest
 * stay for WhatsApp. Each phone gets the text filled with the people it proved
 * only (never a sibling it did not prove), with no personal link: the notice
 * opens "Minha inscrição" by itself. The people are checked again, as a
 * WhatsApp row is; a row someone else holds ("Copiar texto") is left alone.
 */
export async function sendListAsNotices(
  db: Database,
  actor: AdminActor,
  listId: string,
  settings: EventSettings,
): Promise<NoticesSent> {
  return db.transaction(async (tx) => {
    const [list] = await tx.query<ListRow>(
      `SELECT grupo, onibus_id, texto, texto_titulo, criada_por_id, criada_por_papel FROM mensagem_listas
       WHERE id = $1 FOR UPDATE`,
      [listId],
    );
    if (!list) throw new NotFoundError(MESSAGE_MESSAGES.listNotFound);
    if (!mayWorkOn(actor, list)) throw new ForbiddenError(MESSAGE_MESSAGES.listNotYours);
    const rows = await tx.query<{ id: string; telefone: string; inscricao_ids: string[] }>(
      `SELECT id, telefone, inscricao_ids FROM mensagem_linhas
       WHERE lista_id = $1 AND estado = 'aguardando' AND NOT coalesce(com_ate > now() AND com_id <> $2, false)
       ORDER BY ordem FOR UPDATE SKIP LOCKED`,
      [listId, actor.id],
    );
    const facts = eventFacts(settings);
    const sent: NoticesSent = { pessoas: 0, linhas: 0 };
    for (const row of rows) {
      const choice = { grupo: list.grupo, onibus_id: list.onibus_id, ids: row.inscricao_ids };
      const still = await stillInGroup(tx, choice, row.inscricao_ids, row.telefone);
      if (still.length === 0) continue;
      const ties = await tx.query<{ assinatura_id: string; inscricao_id: string }>(
        "SELECT assinatura_id, inscricao_id FROM aviso_inscricoes WHERE inscricao_id = ANY($1::uuid[])",
        [still.map((m) => m.id)],
      );
      if (!still.every((m) => ties.some((t) => t.inscricao_id === m.id))) continue;
      const phones = new Map<string, typeof still>();
      for (const t of ties)
        phones.set(t.assinatura_id, [
          ...(phones.get(t.assinatura_id) ?? []),
          ...still.filter((m) => m.id === t.inscricao_id),
        ]);
      for (const [assinatura, people] of phones) {
        const ordered = still.filter((m) => people.includes(m));
        const texto = fillMessage(
          list.texto,
          ordered.map((m) => asPerson(m, NOTICE_INSTEAD_OF_LINK, settings.fuso_horario)),
          facts,
        );
        await tx.query(
          `INSERT INTO aviso_fila (assinatura_id, inscricao_id, tipo, titulo, corpo, ttl_segundos, criado_em, tentar_em)
           VALUES ($1, $2, 'mensagem', left($3, 200), left($4, 2000), caravana_aviso_ttl('mensagem'),
                   caravana_agora(), caravana_agora())`,
          [assinatura, ordered[0].id, list.texto_titulo, texto],
        );
      }
      const left = row.inscricao_ids.filter((id) => !still.some((m) => m.id === id));
      const reasons = await whyLeft(tx, list.grupo, left, row.telefone);
      await tx.query(
        `UPDATE mensagem_linhas SET estado = 'enviada', canal = 'aviso', enviada_em = now(), enviada_por_nome = $2,
           com_id = NULL, com_nome = NULL, com_ate = NULL, com_desde = NULL, inscricao_ids = $3::uuid[], motivo = $4
         WHERE id = $1`,
        [
          row.id,
          actor.nome,
          still.map((m) => m.id),
          reasons.length ? `Fora desta mensagem: ${reasons.join("; ")}.` : null,
        ],
      );
      sent.pessoas += still.length;
      sent.linhas += 1;
    }
    return sent;
  });
}
