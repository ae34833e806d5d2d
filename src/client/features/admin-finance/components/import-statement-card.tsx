import { useId, useRef, useState } from "react";
import type { CsvColumnsInput } from "../../../../shared/finance";
import type {
  ColumnsNeeded,
  ImportResult,
  StatementLineView,
  StatementPreview,
} from "../../../../shared/finance-views";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { ColumnsDialog } from "./columns-dialog";
import { importStatement, statementQueuePlace } from "../api/finance-api";
import { newUuid } from "../../../lib/uuid";
import { plural } from "../../../../shared/plural";
import { ImportSummary } from "./import-summary";

const SENDING = "Enviando o arquivo…";

/**
 * While an upload is in flight, asks every 1.5 s where it stands: the server reads one file at a time, so
 * another coordinator's statement may be ahead of this one. Returns the function that stops asking.
 */
function followQueue(ticket: string, show: (text: string) => void): () => void {
  let seen = false;
  show(SENDING);
  const timer = setInterval(() => {
    statementQueuePlace(ticket)
      .then(({ lugar }) => {
        if (lugar?.estado === "fila") {
          seen = true;
          show(`Na fila… ${plural(lugar.antes, "extrato", "extratos")} antes do seu.`);
        } else if (lugar?.estado === "lendo") {
          seen = true;
          show("Lendo o arquivo…");
        } else if (seen) show("Conferindo as inscrições…");
      })
      .catch(() => {});
  }, 1500);
  return () => clearInterval(timer);
}

/**
 * "Importar extrato": an OFX or CSV from the bank's app. Codes pay at once,
 * names are suggested, the rest waits in "Sem correspondência"; the result
 * says how many of each and lists them.
 */
export function ImportStatementCard({ onImported }: { onImported: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [needed, setNeeded] = useState<ColumnsNeeded | null>(null);
  const [preview, setPreview] = useState<{ columns: CsvColumnsInput; preview: StatementPreview } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState(SENDING);

  async function send(chosen: File, columns?: CsvColumnsInput, asPreview = false) {
    setBusy(true);
    const ticket = newUuid();
    const stop = followQueue(ticket, setProgress);
    try {
      const answer = await importStatement(chosen, ticket, columns, asPreview);
      if (answer.kind === "columns") {
        setFile(chosen);
        setNeeded(answer.needed);
        setPreview(null);
        return;
      }
      if (answer.kind === "preview") {
        if (columns) setPreview({ columns, preview: answer.preview });
        return;
      }
      setNeeded(null);
      setPreview(null);
      setResult(answer.result);
      const r = answer.result;
      if (r.novas === 0) toast("info", "Nada novo no extrato", `As ${r.repetidas} linhas já tinham sido importadas.`);
      else
        toast(
          "success",
          "Extrato importado",
          `${plural(r.pagas, "paga", "pagas")} pelo código, ${plural(r.sugeridas, "sugestão", "sugestões")}.`,
        );
      onImported();
    } catch (e) {
      reportAdminError("Erro ao importar o extrato", e);
    } finally {
      stop();
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  const replace = (line: StatementLineView) =>
    setResult((r) =>
      r
        ? {
            ...r,
            grupos: Object.fromEntries(
              Object.entries(r.grupos).map(([k, lines]) => [k, lines.map((l) => (l.id === line.id ? line : l))]),
            ) as ImportResult["grupos"],
          }
        : r,
    );

  return (
    <section className="admin-card finance-card" aria-labelledby={`${id}-title`}>
      <div className="admin-section-head">
        <h2 id={`${id}-title`}>Extrato do banco</h2>
        <label className={`admin-btn admin-btn-primary finance-file${busy ? " is-busy" : ""}`} aria-disabled={busy}>
          {busy && <span className="admin-spinner" aria-hidden="true" />}
          {busy ? "Importando extrato..." : "Importar extrato"}
          <input
            ref={input}
            type="file"
            accept=".ofx,.csv,.txt,application/x-ofx,text/csv"
            className="admin-visually-hidden"
            disabled={busy}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) void send(chosen);
            }}
          />
        </label>
      </div>
      <p className="finance-help">
        Exporte o extrato em OFX (ou CSV) no app do banco. Um PIX com o código da inscrição (JDJ…) é confirmado sozinho;
        um nome parecido vira sugestão para você confirmar. Importar o mesmo arquivo de novo não repete nada.
      </p>
      {busy && (
        <p role="status" className="finance-progress">
          {progress}
        </p>
      )}
      {result && (
        <ImportSummary
          result={result}
          onChanged={(l) => {
            replace(l);
            onImported();
          }}
        />
      )}
      {needed && file && (
        <ColumnsDialog
          needed={needed}
          busy={busy}
          preview={preview}
          onCancel={() => {
            setNeeded(null);
            setPreview(null);
          }}
          onPreview={(columns) => void send(file, columns, true)}
          onChosen={(columns) => void send(file, columns)}
        />
      )}
    </section>
  );
}
