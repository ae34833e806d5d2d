import type { EventSettings } from "../../shared/event-settings";
import { fillMessage, MESSAGE_MESSAGES, type MessageGroup } from "../../shared/messages";
import type { AdminActor } from "../auth/session-repository";
import type { Database } from "../db/database";
import { ForbiddenError, NotFoundError } from "../domain-errors";
import { asPerson, eventFacts } from "./message-facts";
import { stillInGroupByRow, whyLeft } from "./message-groups";
import { mayWorkOn } from "./send-message-row";

/** What a notice says where a WhatsApp text has the personal link: the notice itself opens "Minha inscrição". */
const firstName = (nome: string) => nome.trim().split(/\s+/)[0];

export const NOTICE_INSTEAD_OF_LINK = "toque aqui para abrir a inscrição";

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
    if (rows.length === 0) return sent;
    const choice = { grupo: list.grupo, onibus_id: list.onibus_id };
    const still = await stillInGroupByRow(
      tx,
      choice,
      rows.map((r) => ({ telefone: r.telefone, ids: r.inscricao_ids })),
    );
    const ties = await tx.query<{ assinatura_id: string; inscricao_id: string }>(
      "SELECT assinatura_id, inscricao_id FROM aviso_inscricoes WHERE inscricao_id = ANY($1::uuid[])",
      [still.flat().map((m) => m.id)],
    );
    const phonesOf = new Map<string, string[]>();
    for (const t of ties) phonesOf.set(t.inscricao_id, [...(phonesOf.get(t.inscricao_id) ?? []), t.assinatura_id]);

    const notices = { assinatura: [] as string[], inscricao: [] as string[], corpo: [] as string[] };
    const done: { id: string; ids: string[]; motivo: string | null }[] = [];
    for (const [i, row] of rows.entries()) {
      const people = still[i];
      // A row goes by notice only when every one of its people has a phone that hears it.
      if (people.length === 0 || !people.every((m) => phonesOf.has(m.id))) continue;
      const phones = new Set(people.flatMap((m) => phonesOf.get(m.id) ?? []));
      for (const phone of phones) {
        const proven = people.filter((m) => phonesOf.get(m.id)?.includes(phone));
        notices.assinatura.push(phone);
        notices.inscricao.push(proven[0].id);
        notices.corpo.push(
          fillMessage(
            list.texto,
            // On a lock screen, the first name only (caravana_quem's rule for every notice).
            proven.map((m) =>
              asPerson({ ...m, nome: firstName(m.nome) }, NOTICE_INSTEAD_OF_LINK, settings.fuso_horario),
            ),
            facts,
          ),
        );
      }
      const left = row.inscricao_ids.filter((id) => !people.some((m) => m.id === id));
      const reasons = await whyLeft(tx, list.grupo, left, row.telefone);
      done.push({
        id: row.id,
        ids: people.map((m) => m.id),
        motivo: reasons.length ? `Fora desta mensagem: ${reasons.join("; ")}.` : null,
      });
      sent.pessoas += people.length;
      sent.linhas += 1;
    }
    if (done.length === 0) return sent;
    await tx.query(
      `INSERT INTO aviso_fila (assinatura_id, inscricao_id, tipo, titulo, corpo, ttl_segundos, criado_em, tentar_em)
       SELECT a, i, 'mensagem', left($4, 200), left(c, 2000), caravana_aviso_ttl('mensagem'), caravana_agora(), caravana_agora()
       FROM unnest($1::bigint[], $2::uuid[], $3::text[]) AS n(a, i, c)`,
      [notices.assinatura, notices.inscricao, notices.corpo, list.texto_titulo],
    );
    await tx.query(
      `UPDATE mensagem_linhas l SET estado = 'enviada', canal = 'aviso', enviada_em = now(), enviada_por_nome = $2,
         com_id = NULL, com_nome = NULL, com_ate = NULL, com_desde = NULL, inscricao_ids = r.ids, motivo = r.motivo
       FROM json_to_recordset($1::json) AS r(id uuid, ids uuid[], motivo text) WHERE l.id = r.id`,
      [JSON.stringify(done), actor.nome],
    );
    return sent;
  });
}
