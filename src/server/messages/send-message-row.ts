import type { EventSettings } from "../../shared/event-settings";
import {
  fillMessage,
  hasPersonalLink,
  MESSAGE_MESSAGES,
  type MessageGroup,
  ROW_HOLD_MINUTES,
} from "../../shared/messages";
import { personalLink } from "../../shared/my-registration";
import type { AdminActor } from "../auth/session-repository";
import type { Database, Queryable } from "../db/database";
import { ForbiddenError, NotFoundError } from "../domain-errors";
import { grantAccess, LINKS_KEY } from "../my-registration/access-repository";
import { serverKey } from "../auth/server-keys";
import { asPerson, eventFacts } from "./message-facts";
import { stillInGroup, whyLeft } from "./message-groups";
import { whatsappTo } from "../../shared/phone";

/** Why a row cannot be opened now: the page shows the row's state with this notice. */
export type RowRefusal = "enviada" | "com_outro" | "descartada" | "invalida";

export type RowAction =
  /** "Abrir WhatsApp": the text is made and the row is sent. */
  | "whatsapp"
  /** "Copiar texto": the text is made and the row held for this person, for ROW_HOLD_MINUTES. */
  | "texto"
  /** "Marcar como enviada", after a copied text. */
  | "enviada";

export type RowOutcome =
  | { lista_id: string; texto: string; url: string }
  | { lista_id: string; marcada: true }
  | { lista_id: string; recusa: RowRefusal };

interface LockedRow {
  id: string;
  lista_id: string;
  telefone: string;
  inscricao_ids: string[];
  estado: "aguardando" | "enviada" | "descartada" | "invalida";
  com_id: number | null;
  com_ativo: boolean;
  com_desde: Date | null;
  grupo: MessageGroup;
  onibus_id: string | null;
  texto: string;
  criada_por_id: number | null;
  criada_por_papel: "coordenacao" | "equipe";
}

/** Equipe works through lists Coordenação started, and its own. */
export function mayWorkOn(actor: AdminActor, list: Pick<LockedRow, "criada_por_id" | "criada_por_papel">): boolean {
  return actor.papel === "coordenacao" || list.criada_por_papel === "coordenacao" || list.criada_por_id === actor.id;
}

async function lockRow(tx: Queryable, rowId: string): Promise<LockedRow | undefined> {
  const [row] = await tx.query<LockedRow>(
    `SELECT l.id, l.lista_id, l.telefone, l.inscricao_ids, l.estado, l.com_id, coalesce(l.com_ate > now(), false) AS com_ativo,
            l.com_desde,
            m.grupo, m.onibus_id, m.texto, m.criada_por_id, m.criada_por_papel
     FROM mensagem_linhas l JOIN mensagem_listas m ON m.id = l.lista_id
     WHERE l.id = $1 FOR UPDATE OF l`,
    [rowId],
  );
  return row;
}

/**
 * Opens one row of a list for one person. In one transaction, with the row
 * locked, so two helpers never get the same row: a row sent, dropped, or held
 * by someone else is refused. The people are checked again (someone who paid
 * since the list was made leaves a payment reminder, and the row says why);
 * each one left gets a new personal link, and the text is made now, never kept.
 */
export async function openMessageRow(
  db: Database,
  actor: AdminActor,
  rowId: string,
  action: RowAction,
  settings: EventSettings,
  origin: string,
): Promise<RowOutcome> {
  const key = await serverKey(db, LINKS_KEY);
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, rowId);
    if (!row) throw new NotFoundError(MESSAGE_MESSAGES.rowNotFound);
    if (!mayWorkOn(actor, row)) throw new ForbiddenError(MESSAGE_MESSAGES.listNotYours);
    const lista_id = row.lista_id;
    if (row.estado === "enviada")
      return action === "enviada" ? { lista_id, marcada: true } : { lista_id, recusa: "enviada" };
    if (row.estado !== "aguardando") return { lista_id, recusa: row.estado };
    if (row.com_ativo && row.com_id !== actor.id) return { lista_id, recusa: "com_outro" };

    const choice = { grupo: row.grupo, onibus_id: row.onibus_id, ids: row.inscricao_ids };
    const still = await stillInGroup(tx, choice, row.inscricao_ids, row.telefone);
    const left = row.inscricao_ids.filter((id) => !still.some((m) => m.id === id));
    const reasons = await whyLeft(tx, row.grupo, left, row.telefone);
    if (still.length === 0) {
      await tx.query(
        "UPDATE mensagem_linhas SET estado = 'descartada', motivo = $2, com_id = NULL, com_nome = NULL, com_ate = NULL WHERE id = $1",
        [row.id, `Não enviada: ${reasons.join("; ")}.`],
      );
      return { lista_id, recusa: "descartada" };
    }
    const motivo = reasons.length ? `Fora desta mensagem: ${reasons.join("; ")}.` : null;
    const ids = still.map((m) => m.id);

    if (action === "enviada") {
      await markSent(tx, row.id, actor, ids, motivo);
      return { lista_id, marcada: true };
    }
    // The hold this person already has keeps its start, and so its links; otherwise one starts now.
    const heldByActor = row.com_ativo && row.com_id === actor.id && row.com_desde !== null;
    const since = heldByActor ? new Date(row.com_desde as Date) : new Date();
    const withLinks = hasPersonalLink(row.texto);
    // A list Equipe started before {link} was refused to it: its rows go out without links.
    if (withLinks && row.criada_por_papel === "equipe") throw new ForbiddenError(MESSAGE_MESSAGES.linkNotForEquipe);
    const tokens = withLinks
      ? await grantAccess(tx, ids, "link", { key, seed: `${row.id}:${since.toISOString()}` })
      : new Map<string, string>();
    const people = still.map((m) =>
      asPerson(m, withLinks ? personalLink(origin, m.id, tokens.get(m.id) as string) : "", settings.fuso_horario),
    );
    const texto = fillMessage(row.texto, people, eventFacts(settings));
    if (action === "whatsapp") await markSent(tx, row.id, actor, ids, motivo);
    else
      await tx.query(
        `UPDATE mensagem_linhas SET com_id = $2, com_nome = $3, com_ate = now() + make_interval(mins => $4),
           com_desde = $7, inscricao_ids = $5::uuid[], motivo = $6
         WHERE id = $1`,
        [row.id, actor.id, actor.nome, ROW_HOLD_MINUTES, ids, motivo, since],
      );
    return { lista_id, texto, url: whatsappTo(row.telefone, texto) };
  });
}

const markSent = (tx: Queryable, rowId: string, actor: AdminActor, ids: string[], motivo: string | null) =>
  tx.query(
    `UPDATE mensagem_linhas SET estado = 'enviada', canal = 'whatsapp', enviada_em = now(), enviada_por_nome = $2,
       com_id = NULL, com_nome = NULL, com_ate = NULL, com_desde = NULL, inscricao_ids = $3::uuid[], motivo = $4
     WHERE id = $1`,
    [rowId, actor.nome, ids, motivo],
  );
