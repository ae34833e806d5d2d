import type { MessagePreview } from "../../../../shared/message-lists";
import { plural } from "../../../../shared/plural";
import { agree } from "../../../../shared/plural";

/** The text filled in for the first phone of the list, as WhatsApp will show it, and the list's counts. */
export function MessagePreviewBox({
  preview,
  loading,
  error,
}: {
  preview: MessagePreview | null;
  loading: boolean;
  error: string | null;
}) {
  return (
    <section className="msg-preview" aria-labelledby="msg-preview-title" aria-busy={loading}>
      <h3 id="msg-preview-title">Prévia</h3>
      {error && (
        <p className="admin-field-error" role="alert">
          {error}
        </p>
      )}
      {!error && !preview && (
        <p className="admin-card-note">
          {loading ? "Preparando a prévia…" : "Escolha o grupo e o texto para ver a prévia."}
        </p>
      )}
      {preview && (
        <>
          <p className="msg-preview-counts" role="status">
            {plural(preview.pessoas, "pessoa", "pessoas")} em {plural(preview.linhas, "mensagem", "mensagens")}
            {preview.sem_mensagens > 0 &&
              ` · ${plural(preview.sem_mensagens, "ficou de fora (o responsável pediu", "ficaram de fora (os responsáveis pediram")} para não receber mensagens)`}
            {preview.invalidos > 0 &&
              ` · ${plural(preview.invalidos, "número não serve", "números não servem")} para WhatsApp e ${agree(preview.invalidos, "fica", "ficam")} à parte`}
          </p>
          {preview.exemplo && (
            <div className="msg-bubble">
              <p className="msg-bubble-title">Para o primeiro celular da lista (o link é de exemplo):</p>
              <p className="msg-bubble-text">{preview.exemplo}</p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
