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
      {GROUPS.map(([key, label]) =>
        result.grupos[key].length ? (
          <details key={key} open={key === "sugeridas" || key === "sem_correspondencia"}>
            <summary>
              {label} (
              {result.grupos[key].length < result[key]
                ? `${result.grupos[key].length} primeiras de ${result[key]}; as demais em “Conferir o extrato”`
                : result[key]}
              )
            </summary>
            <StatementLinesList lines={result.grupos[key]} label={label} onChanged={onChanged} />
          </details>
        ) : null,
      )}
    </div>
  );
}
