import { type FormEvent, useId, useState } from "react";
import { type CsvColumnsInput, csvColumnsSchema } from "../../../../shared/finance";
import { brDay } from "../../../../shared/dates";
import type { ColumnsNeeded, StatementPreview } from "../../../../shared/finance-views";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import { reais } from "../utils/money";
import { plural } from "../../../../shared/plural";

type Field = "data" | "valor" | "descricao" | "identificador";
const FIELDS: { key: Field; label: string; optional?: boolean }[] = [
  { key: "data", label: "Coluna da data" },
  { key: "valor", label: "Coluna do valor (créditos)" },
  { key: "descricao", label: "Coluna da descrição" },
  { key: "identificador", label: "Coluna do identificador", optional: true },
];

/** A guess from the column's title, so most banks need no change. */
function guess(columns: string[], words: RegExp): string {
  return columns.find((c) => words.test(c)) ?? "";
}

/**
 * A CSV from a bank we do not know yet: the person says once which column is
 * the date, the amount, the description (and the id, when there is one). It is
 * saved under the bank's name and offered by itself next time.
 */
export function ColumnsDialog({
  needed,
  busy,
  preview,
  onCancel,
  onPreview,
  onChosen,
}: {
  needed: ColumnsNeeded;
  busy: boolean;
  /** The first lines as the columns last checked would import them. */
  preview: { columns: CsvColumnsInput; preview: StatementPreview } | null;
  onCancel: () => void;
  onPreview: (columns: CsvColumnsInput) => void;
  onChosen: (columns: CsvColumnsInput) => void;
}) {
  const id = useId();
  const cols = needed.colunas.filter(Boolean);
  const [banco, setBanco] = useState("");
  const [chosen, setChosen] = useState<Record<Field, string>>({
    data: guess(cols, /data/i),
    valor: guess(cols, /cr[eé]dito|valor/i),
    descricao: guess(cols, /descri|hist[oó]rico|detalhe|lan[cç]amento/i),
    identificador: guess(cols, /identificador|documento|^id$/i),
  });
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = csvColumnsSchema.safeParse({ banco, ...chosen, identificador: chosen.identificador || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    // Nothing is written before the person has seen how the chosen columns read the file.
    const checked = preview && JSON.stringify(preview.columns) === JSON.stringify(parsed.data);
    if (checked) onChosen(parsed.data);
    else onPreview(parsed.data);
  }
  const current = preview && {
    ...preview.preview,
    fresh:
      JSON.stringify(preview.columns) ===
      JSON.stringify({ banco: banco.trim(), ...chosen, identificador: chosen.identificador || undefined }),
  };

  return (
    <ModalDialog title="Colunas do extrato" onClose={onCancel} busy={busy}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <p className="admin-field-hint">
          Não conhecemos este CSV ainda. Diga uma vez onde está cada coisa; na próxima vez o mesmo banco entra direto.
        </p>
        <div className="admin-field">
          <label htmlFor={`${id}-banco`}>Nome do banco</label>
          <input
            id={`${id}-banco`}
            value={banco}
            maxLength={40}
            onChange={(e) => setBanco(e.target.value)}
            placeholder="Ex.: Bradesco"
            data-autofocus
          />
        </div>
        {FIELDS.map((f) => (
          <div className="admin-field" key={f.key}>
            <label htmlFor={`${id}-${f.key}`}>
              {f.label}
              {f.optional ? " (opcional)" : ""}
            </label>
            <select
              id={`${id}-${f.key}`}
              value={chosen[f.key]}
              onChange={(e) => setChosen({ ...chosen, [f.key]: e.target.value })}
            >
              <option value="">{f.optional ? "Nenhuma" : "Escolha…"}</option>
              {cols.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        ))}
        {needed.exemplo.length > 0 && (
          <div className="finance-sample">
            <p>Primeiras linhas do arquivo:</p>
            <ul>
              {needed.exemplo.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sample of the file, in its order.
                <li key={i}>{row.join(" · ")}</li>
              ))}
            </ul>
          </div>
        )}
        {current?.fresh && (
          <div className="finance-sample" role="status">
            <p>
              Assim vamos ler o arquivo: {plural(current.creditos, "crédito", "créditos")}
              {current.ignoradas > 0 ? ` (${current.ignoradas} saídas e saldos ficam de fora)` : ""}. Confira os
              primeiros:
            </p>
            <ul aria-label="Prévia dos créditos">
              {current.linhas.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the file's first credits, in its order.
                <li key={i}>
                  {brDay(l.data)} · <strong>{reais(l.valor_centavos)}</strong> · {l.descricao}
                </li>
              ))}
            </ul>
          </div>
        )}
        {error && (
          <p className="admin-field-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions
          onCancel={onCancel}
          busy={busy}
          action={
            current?.fresh
              ? { label: "Importar estes créditos", busyLabel: "Importando..." }
              : { label: "Conferir as primeiras linhas", busyLabel: "Lendo o arquivo..." }
          }
        />
      </form>
    </ModalDialog>
  );
}
