import { useCallback, useEffect, useMemo, useState } from "react";
import type { MessagesHome as Home, NewMessageList } from "../../../../shared/message-lists";
import {
  hasPersonalLink,
  MESSAGE_NOTICES,
  type MessageNotice,
  type MessageTextKey,
  TOO_LONG_MESSAGE,
  unknownFields,
  withoutPersonalLink,
} from "../../../../shared/messages";
import { reportAdminError } from "../../../lib/admin-session";
import { clearMessageSelection, readMessageSelection } from "../../../lib/message-selection";
import { navigate } from "../../../lib/router";
import { toast } from "../../../lib/toast";
import { createMessageList, getMessagesHome, restoreMessageText, saveMessageText } from "../api/messages-api";
import { useMessagePreview } from "../hooks/use-message-preview";
import { BusHelpers } from "./bus-helpers";
import { type GroupChoice, GroupPicker } from "./group-picker";
import { MessagePreviewBox } from "./message-preview-box";
import { RecentLists } from "./recent-lists";
import { TextComposer } from "./text-composer";
import "./messages.css";
import { plural } from "../../../../shared/plural";

/** A saved text as this person may send it: Equipe's go without {link} (decision 043). */
const textFor = (home: Home, key: MessageTextKey) => {
  const saved = home.textos.find((t) => t.chave === key)?.texto ?? "";
  return home.pode_editar_textos ? saved : withoutPersonalLink(saved);
};

/** "Mensagens": choose who, write what (from a saved text), see it filled in, and make the list to send. */
export function MessagesHome({ notice }: { notice: MessageNotice | null }) {
  const [home, setHome] = useState<Home | null>(null);
  const [selection] = useState(readMessageSelection);
  const [group, setGroup] = useState<GroupChoice | null>(
    selection.length > 0 ? { grupo: "selecionados", onibus_id: null } : null,
  );
  const [textKey, setTextKey] = useState<MessageTextKey>("lembrete_pagamento");
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  const [creating, setCreating] = useState(false);

  const load = useCallback(async () => {
    try {
      const fresh = await getMessagesHome();
      setHome(fresh);
      return fresh;
    } catch (e) {
      reportAdminError("Erro ao carregar as mensagens", e);
      return null;
    }
  }, []);
  useEffect(() => {
    void load().then((fresh) => {
      if (fresh) setText(textFor(fresh, "lembrete_pagamento"));
    });
  }, [load]);

  const body = useMemo<NewMessageList | null>(() => {
    if (!group || text.trim() === "" || unknownFields(text).length > 0) return null;
    if (!home?.pode_editar_textos && hasPersonalLink(text)) return null;
    return {
      grupo: group.grupo,
      ...(group.onibus_id ? { onibus_id: group.onibus_id } : {}),
      ...(group.grupo === "selecionados" ? { ids: selection } : {}),
      texto_chave: textKey,
      texto: text,
    };
  }, [group, text, textKey, selection, home?.pode_editar_textos]);
  const { preview, error, loading } = useMessagePreview(body);

  function pick(key: MessageTextKey) {
    setTextKey(key);
    setText(home ? textFor(home, key) : "");
  }

  async function keepText(restore: boolean) {
    setSaving(true);
    try {
      const saved = restore ? await restoreMessageText(textKey) : await saveMessageText(textKey, text);
      setHome((h) => (h ? { ...h, textos: h.textos.map((t) => (t.chave === saved.chave ? saved : t)) } : h));
      setText(saved.texto);
      toast(
        "success",
        restore ? "Texto original de volta" : "Texto salvo",
        `“${saved.titulo}” fica assim para as próximas vezes.`,
      );
    } catch (e) {
      reportAdminError("Erro ao salvar o texto", e);
    } finally {
      setSaving(false);
    }
  }

  async function create() {
    if (!body) return;
    setCreating(true);
    try {
      const { id } = await createMessageList(body);
      if (body.grupo === "selecionados") clearMessageSelection();
      navigate(`/admin/mensagens?lista=${id}`);
    } catch (e) {
      reportAdminError("Não foi possível criar a lista", e);
    } finally {
      setCreating(false);
    }
  }

  if (!home) {
    return (
      <p className="admin-card" role="status">
        <span className="admin-spinner" aria-hidden="true" /> Carregando…
      </p>
    );
  }
  const why = !group
    ? "Escolha para quem enviar."
    : text.trim() === ""
      ? "Escreva a mensagem."
      : unknownFields(text).length > 0
        ? "Corrija os campos da mensagem."
        : loading || !preview
          ? null
          : preview.pessoas === 0
            ? "Ninguém neste grupo recebe esta mensagem agora."
            : preview.cortar > 0
              ? TOO_LONG_MESSAGE(preview.cortar)
              : null;
  const ready = !!preview && !loading && !why && !error;
  return (
    <div className="msg-page">
      {notice && MESSAGE_NOTICES[notice] && (
        <p className="msg-notice" role="alert">
          {MESSAGE_NOTICES[notice]}
        </p>
      )}
      <section className="admin-card" aria-labelledby="msg-new-title">
        <h2 id="msg-new-title">Nova lista de mensagens</h2>
        <p className="admin-card-note">
          Cada mensagem abre no seu WhatsApp já escrita, para o celular do responsável; é só tocar em Enviar. Irmãos com
          o mesmo celular recebem uma mensagem só.
        </p>
        <GroupPicker groups={home.grupos} selected={selection.length} value={group} onChange={setGroup} />
        <TextComposer
          texts={home.textos}
          textKey={textKey}
          text={text}
          canEdit={home.pode_editar_textos}
          saving={saving}
          onPick={pick}
          onChange={setText}
          onSave={() => void keepText(false)}
          onRestore={() => void keepText(true)}
        />
        <MessagePreviewBox preview={preview} loading={loading} error={error} />
        {why && <p className="msg-why">{why}</p>}
        <button
          type="button"
          className="admin-btn admin-btn-primary msg-create"
          disabled={!ready || creating}
          aria-busy={creating}
          onClick={() => void create()}
        >
          {creating
            ? "Criando…"
            : preview && ready
              ? `Criar lista (${plural(preview.linhas, "mensagem", "mensagens")})`
              : "Criar lista"}
        </button>
      </section>
      <RecentLists lists={home.listas} />
      {home.pode_editar_textos && (
        <BusHelpers buses={home.grupos.filter((g) => g.grupo === "onibus")} onSaved={() => void load()} />
      )}
    </div>
  );
}
