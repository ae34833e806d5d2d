import { useRef } from "react";
import {
  DEFAULT_MESSAGE_TEXTS,
  hasPersonalLink,
  MAX_MESSAGE_TEXT,
  MESSAGE_FIELDS,
  MESSAGE_TEXT_KEYS,
  MESSAGE_MESSAGES,
  type MessageTextKey,
  unknownFields,
} from "../../../../shared/messages";
import type { MessageText } from "../../../../shared/message-lists";

/** Step 2, "Mensagem": a saved text to start from, the text with its fields, and saving it for next time. */
export function TextComposer({
  texts,
  textKey,
  text,
  canEdit,
  saving,
  onPick,
  onChange,
  onSave,
  onRestore,
}: {
  texts: MessageText[];
  textKey: MessageTextKey;
  text: string;
  canEdit: boolean;
  saving: boolean;
  onPick: (key: MessageTextKey) => void;
  onChange: (text: string) => void;
  onSave: () => void;
  onRestore: () => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const saved = texts.find((t) => t.chave === textKey);
  const unknown = unknownFields(text);
  const fieldError =
    unknown.length > 0
      ? MESSAGE_MESSAGES.unknownField(unknown)
      : !canEdit && hasPersonalLink(text)
        ? MESSAGE_MESSAGES.linkNotForEquipe
        : null;
  // Equipe's texts go without the personal link: it opens the family's health notes (decision 043).
  const fields = canEdit ? MESSAGE_FIELDS : MESSAGE_FIELDS.filter((f) => f !== "link");

  function insert(field: string) {
    const el = area.current;
    const at = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    const next = `${text.slice(0, at)}{${field}}${text.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => {
      el?.focus();
      const caret = at + field.length + 2;
      el?.setSelectionRange(caret, caret);
    });
  }

  return (
    <fieldset className="msg-compose">
      <legend>2. Mensagem</legend>
      <div className="admin-field">
        <label htmlFor="msg-text-key">Modelo de mensagem</label>
        <select id="msg-text-key" value={textKey} onChange={(e) => onPick(e.target.value as MessageTextKey)}>
          {MESSAGE_TEXT_KEYS.map((k) => (
            <option key={k} value={k}>
              {DEFAULT_MESSAGE_TEXTS[k].titulo}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="msg-text">Texto da mensagem</label>
        <textarea
          id="msg-text"
          ref={area}
          rows={8}
          maxLength={MAX_MESSAGE_TEXT}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby="msg-text-help"
        />
        {fieldError && (
          <p className="admin-field-error" role="alert">
            {fieldError}
          </p>
        )}
        <p id="msg-text-help" className="admin-field-hint">
          Os campos entre chaves são trocados pelos dados de cada inscrição. A linha que tem um campo da pessoa (
          {"{nome}"}, {"{codigo}"}, {"{valor}"}…) se repete para cada irmão do mesmo celular.{" "}
          {canEdit
            ? "{link} é o link pessoal da “Minha inscrição”."
            : "Textos da Equipe vão sem o link pessoal da “Minha inscrição”: ele abre os dados de saúde da família."}
        </p>
      </div>
      <fieldset className="msg-fields">
        <legend className="msg-fields-legend">Toque para inserir:</legend>
        {fields.map((f) => (
          <button key={f} type="button" className="msg-field-chip" onClick={() => insert(f)}>
            {`{${f}}`}
          </button>
        ))}
      </fieldset>
      {canEdit && (
        <div className="msg-compose-actions">
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            onClick={onSave}
            disabled={saving || !saved || saved.texto === text || !!fieldError || text.trim() === ""}
          >
            {saving ? "Salvando…" : "Salvar texto"}
          </button>
          {saved?.alterado && (
            <button type="button" className="admin-btn admin-btn-outline" onClick={onRestore} disabled={saving}>
              Restaurar texto original
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}
