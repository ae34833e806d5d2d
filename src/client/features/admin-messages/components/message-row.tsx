import { useState } from "react";
import type { MessageRowView } from "../../../../shared/message-lists";
import { maskPhone } from "../../../../shared/phone";
import { dateTimeIn } from "../../../../shared/dates";
import { reportAdminError } from "../../../lib/admin-session";
import { useAppConfig } from "../../../lib/app-config";
import { copyText } from "../../../lib/clipboard";
import { toast } from "../../../lib/toast";
import { MESSAGE_NOTICES, type MessageNotice } from "../../../../shared/messages";
import { copyRowText, markRowSent, rowWhatsappHref } from "../api/messages-api";

const names = (row: MessageRowView) => row.pessoas.map((p) => p.nome).join(", ");

/**
 * One phone's message. "Abrir WhatsApp" is a real link: the tap itself opens
 * WhatsApp on every phone, through the server, which makes the text and marks
 * the row sent. "Copiar texto" is for a phone where the link does not open.
 */
export function MessageRow({ row, onChanged }: { row: MessageRowView; onChanged: () => void }) {
  const { timeZone } = useAppConfig();
  const [opening, setOpening] = useState(false);
  const [copying, setCopying] = useState(false);

  async function copy() {
    setCopying(true);
    try {
      const answer = await copyRowText(row);
      if ("recusa" in answer) toast("warning", "Mensagem não copiada", MESSAGE_NOTICES[answer.recusa as MessageNotice]);
      else {
        await copyText(answer.texto);
        toast("success", "Texto copiado", "Cole no WhatsApp do responsável e depois toque em “Marcar como enviada”.");
      }
    } catch (e) {
      reportAdminError("Erro ao copiar o texto", e);
    } finally {
      setCopying(false);
      onChanged();
    }
  }

  async function markSent() {
    try {
      const answer = await markRowSent(row);
      if (answer.recusa) toast("warning", "Não marcada", MESSAGE_NOTICES[answer.recusa as MessageNotice]);
    } catch (e) {
      reportAdminError("Erro ao marcar como enviada", e);
    } finally {
      onChanged();
    }
  }

  const sent = row.estado === "enviada";
  return (
    <li className={`msg-row msg-row-${row.estado}`}>
      <div className="msg-row-text">
        <p className="msg-row-people">
          {row.pessoas.map((p, i) => (
            <span key={p.codigo}>
              {i > 0 && ", "}
              <strong>{p.nome}</strong> <span className="msg-code">{p.codigo}</span>
            </span>
          ))}
        </p>
        <p className="msg-row-phone">{maskPhone(row.telefone)}</p>
        {sent && (
          <p className="msg-row-state msg-row-sent">
            ✓ {row.canal === "aviso" ? "Aviso no celular" : "Enviada"} em{" "}
            {row.enviada_em ? dateTimeIn(row.enviada_em, timeZone) : "—"} ({row.enviada_por})
          </p>
        )}
        {!sent && row.com && !row.com_voce && <p className="msg-row-state">{row.com} copiou o texto e está enviando</p>}
        {row.motivo && <p className="msg-row-reason">{row.motivo}</p>}
      </div>
      {row.estado === "aguardando" && (
        <div className="msg-row-actions">
          {row.com_voce ? (
            <button type="button" className="admin-btn admin-btn-success" onClick={() => void markSent()}>
              Marcar como enviada
            </button>
          ) : (
            <a
              className="admin-btn admin-btn-success"
              href={rowWhatsappHref(row)}
              target="_blank"
              rel="noopener"
              aria-label={`Abrir WhatsApp: ${names(row)}`}
              aria-disabled={opening || (!!row.com && !row.com_voce) ? true : undefined}
              onClick={() => {
                setOpening(true);
                // The other tab marks it sent; the live stream brings the row back, this is the fallback.
                setTimeout(() => {
                  setOpening(false);
                  onChanged();
                }, 2500);
              }}
            >
              {opening ? "Abrindo…" : "Abrir WhatsApp"}
            </a>
          )}
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            onClick={() => void copy()}
            disabled={copying}
            aria-label={`Copiar texto: ${names(row)}`}
          >
            {copying ? "Copiando…" : "Copiar texto"}
          </button>
        </div>
      )}
    </li>
  );
}
