import { useCallback, useEffect, useId, useState } from "react";
import type { LineState } from "../../../../shared/finance";
import type { StatementLineView } from "../../../../shared/finance-views";
import { reportAdminError } from "../../../lib/admin-session";
import { listLines } from "../api/finance-api";
import { StatementLinesList } from "./statement-lines-list";

const TABS: [LineState, string][] = [
  ["sugerida", "Sugestões"],
  ["sem_correspondencia", "Sem correspondência"],
  ["ja_paga", "Já pago"],
];

/** The lines still to decide, from every import: suggestions, unmatched, and double payments. */
export function StatementLinesCard({ reloadKey }: { reloadKey: number }) {
  const id = useId();
  const [tab, setTab] = useState<LineState>("sugerida");
  const [lines, setLines] = useState<StatementLineView[] | null>(null);

  const load = useCallback(async () => {
    try {
      setLines(await listLines(tab));
    } catch (e) {
      reportAdminError("Erro ao carregar o extrato", e);
    }
  }, [tab]);
  useEffect(() => {
    setLines(null);
    // A new reloadKey (an import, a decision elsewhere on the page) reads the list again.
    if (reloadKey >= 0) void load();
  }, [load, reloadKey]);

  const label = TABS.find(([k]) => k === tab)![1];
  return (
    <section className="admin-card finance-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Conferir o extrato</h2>
      <fieldset className="finance-tabs">
        <legend className="admin-visually-hidden">Grupo de linhas</legend>
        {TABS.map(([k, text]) => (
          <button
            key={k}
            type="button"
            className={`admin-btn ${k === tab ? "admin-btn-primary" : "admin-btn-outline"}`}
            aria-pressed={k === tab}
            onClick={() => setTab(k)}
          >
            {text}
          </button>
        ))}
      </fieldset>
      {lines === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando…
        </p>
      ) : lines.length === 0 ? (
        <p className="finance-empty">Nada em “{label}”.</p>
      ) : (
        <StatementLinesList
          lines={lines}
          label={label}
          onChanged={(line) => setLines((ls) => ls?.map((l) => (l.id === line.id ? line : l)) ?? null)}
        />
      )}
    </section>
  );
}
