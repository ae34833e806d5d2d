import { plural } from "../../../../shared/plural";
import type { ImportResult, StatementLineView } from "../../../../shared/finance-views";
import { StatementLinesList } from "./statement-lines-list";

const COUNTS: [keyof ImportResult, string][] = [
  ["lidas", "Lidas"],
  ["novas", "Novas"],
  ["pagas", "Pagas automaticamente"],
  ["sugeridas", "Sugeridas"],
  ["sem_correspondencia", "Sem correspondência"],
  ["ja_pagas", "Já pago"],
  ["repetidas", "Já vistas"],
  ["ignoradas", "Ignoradas (débitos)"],
];

const GROUPS: [keyof ImportResult["grupos"], string][] = [
  ["sugeridas", "Sugestões"],
  ["sem_correspondencia", "Sem correspondência"],
  ["ja_pagas", "Já pago"],
  ["pagas", "Pagas automaticamente"],
  ["repetidas", "Já vistas em outra importação"],
];

/** The open groups keep only the lines still to decide: one linked, confirmed or ignored leaves them. */
const STILL_OPEN: Partial<Record<keyof ImportResult["grupos"], StatementLineView["estado"]>> = {
  sugeridas: "sugerida",
  sem_correspondencia: "sem_correspondencia",
};
const shownIn = (key: keyof ImportResult["grupos"], lines: StatementLineView[]) =>
  STILL_OPEN[key] ? lines.filter((l) => l.estado === STILL_OPEN[key]) : lines;

/** What an import found: the counts, then each group as a list. */
export function ImportSummary({
  result,
  onChanged,
}: {
  result: ImportResult;
  onChanged: (line: StatementLineView) => void;
}) {
  return (
    <div className="finance-summary">
      <h3>
        {result.arquivo} · {result.banco}
      </h3>
      <dl className="finance-counts">
        {COUNTS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{result[key] as number}</dd>
          </div>
        ))}
      </dl>
      {GROUPS.map(([key, label]) => {
        const lines = shownIn(key, result.grupos[key]);
        const decided = result.grupos[key].length - lines.length;
        return lines.length ? (
          <details key={key} open={key === "sugeridas" || key === "sem_correspondencia"}>
            <summary>
              {label} (
              {result.grupos[key].length < result[key]
                ? `${lines.length} de ${result[key]}; as demais em “Conferir o extrato”`
                : decided > 0
                  ? `${lines.length} a decidir; ${plural(decided, "já resolvida", "já resolvidas")}`
                  : result[key]}
              )
            </summary>
            <StatementLinesList lines={lines} label={label} onChanged={onChanged} />
          </details>
        ) : null;
      })}
    </div>
  );
}
