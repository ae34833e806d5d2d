import { MESSAGE_NOTICES, type MessageNotice } from "../../../../shared/messages";
import { progressText } from "../../../../shared/message-lists";
import { dateTimeIn } from "../../../../shared/dates";
import { useAppConfig } from "../../../lib/app-config";
import { Link, navigate } from "../../../lib/router";
import { useMessageList } from "../hooks/use-message-list";
import { MessageRow } from "./message-row";
import { SendAsNotices } from "./send-as-notices";
import "./messages.css";

/** A list being sent: progress, one row per phone, and the numbers WhatsApp cannot reach, apart. */
export function MessageListPage({ id, notice }: { id: string; notice: MessageNotice | null }) {
  const { list, error, reload } = useMessageList(id);
  const { timeZone } = useAppConfig();
  if (error && !list) {
    return (
      <section className="admin-card" role="alert">
        <p>{error}</p>
        <Link href="/admin/mensagens" className="admin-btn admin-btn-outline">
          Voltar para Mensagens
        </Link>
      </section>
    );
  }
  if (!list) {
    return (
      <p className="admin-card" role="status">
        <span className="admin-spinner" aria-hidden="true" /> Carregando a lista…
      </p>
    );
  }
  const sendable = list.linhas.filter((r) => r.estado !== "invalida");
  const invalid = list.linhas.filter((r) => r.estado === "invalida");
  return (
    <div className="msg-page">
      {notice && MESSAGE_NOTICES[notice] && (
        <div className="msg-notice" role="alert">
          <p>{MESSAGE_NOTICES[notice]}</p>
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            onClick={() => navigate(`/admin/mensagens?lista=${id}`, { replace: true })}
          >
            Entendi
          </button>
        </div>
      )}
      <section className="admin-card msg-progress-card" aria-labelledby="msg-list-title">
        <p className="msg-back">
          <Link href="/admin/mensagens">← Mensagens</Link>
        </p>
        <h2 id="msg-list-title">
          {list.texto_titulo} · {list.rotulo}
        </h2>
        <p className="admin-card-note">
          Criada em {dateTimeIn(list.criada_em, timeZone)} · {list.criada_por}
        </p>
        <p className="msg-progress-text" role="status">
          <strong>{progressText(list.enviadas, list.total)}</strong>
        </p>
        <progress className="msg-progress" max={Math.max(list.total, 1)} value={list.enviadas} aria-hidden="true" />
        {list.sem_mensagens > 0 && (
          <p className="admin-card-note">
            {list.sem_mensagens === 1
              ? "1 pessoa ficou de fora: o responsável pediu para não receber mensagens."
              : `${list.sem_mensagens} pessoas ficaram de fora: os responsáveis pediram para não receber mensagens.`}
          </p>
        )}
        <p className="admin-card-note">
          Ao tocar em “Abrir WhatsApp”, a mensagem já conta como enviada: no WhatsApp, toque em Enviar e volte aqui para
          a próxima. Outra pessoa da Equipe pode enviar desta mesma lista pelo celular dela.
        </p>
      </section>
      {list.avisos.linhas > 0 && <SendAsNotices list={list} onSent={() => void reload()} />}
      <ul className="msg-rows" aria-label="Mensagens a enviar">
        {sendable.map((row) => (
          <MessageRow key={row.id} row={row} onChanged={() => void reload()} />
        ))}
      </ul>
      {invalid.length > 0 && (
        <section className="admin-card" aria-labelledby="msg-invalid-title">
          <h2 id="msg-invalid-title">Números que não recebem pelo WhatsApp ({invalid.length})</h2>
          <p className="admin-card-note">Corrija o número na inscrição ou fale com a família de outro jeito.</p>
          <ul className="msg-rows" aria-label="Números inválidos">
            {invalid.map((row) => (
              <MessageRow key={row.id} row={row} onChanged={() => void reload()} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
