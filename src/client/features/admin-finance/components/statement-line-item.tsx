import { MATCH_LABELS } from "../../../../shared/finance";
import type { StatementLineView } from "../../../../shared/finance-views";
import { reais } from "../utils/money";
import { brDay } from "../../../../shared/dates";

/** Why a line is only a suggestion, by what suggested it; each candidate adds what is true of it (owes, no seat). */
const SUGGESTION_REASONS: Partial<Record<keyof typeof MATCH_LABELS, string>> = {
  codigo:
    "Tem o código desta inscrição, mas algo impede o pagamento automático (veja ao lado do nome): confira antes de confirmar.",
  parecido:
    "O código no extrato parece o desta inscrição, mas não é igual (uma letra ou um número trocado): confira antes de confirmar.",
  nome: "Nome e valor parecidos com os desta inscrição.",
  responsavel: "O nome no extrato é o do responsável por esta inscrição, e o valor bate.",
};

/** Why a suggested person is no plain payment: the money is kept, and what happens to it is said before. */
const WITHOUT_SEAT = {
  espera: "está na lista de espera: confirmado, fica pago e passa à frente na fila",
  vencida: "vaga vencida: confirmado, fica pago e volta à fila, ou a uma vaga livre",
  desistente: "desistiu: o valor vai para Reembolsos",
} as const;

/**
 * One credit of the statement: date, amount, who paid, and what can be done
 * with it — "Confirmar" a suggested registration, "Vincular" to another,
 * "Ignorar" — or what it already paid.
 */
export function StatementLineItem({
  line,
  busy,
  onConfirm,
  onLink,
  onIgnore,
}: {
  line: StatementLineView;
  busy: boolean;
  onConfirm?: (registrationId: string) => void;
  onLink?: () => void;
  onIgnore?: () => void;
}) {
  const open = line.estado === "sugerida" || line.estado === "sem_correspondencia";
  return (
    <li className="finance-line">
      <div className="finance-line-head">
        <strong>{reais(line.valor_centavos)}</strong>
        <span>{brDay(line.data)}</span>
        {line.banco && <span>{line.banco}</span>}
      </div>
      <p className="finance-line-text">{line.pagador || line.descricao || "Sem descrição"}</p>
      {line.estado === "paga" && (
        <p className="finance-line-state">
          Pagou {line.pagou.map((p) => p.nome_completo).join(" e ")}
          {line.como ? ` (${MATCH_LABELS[line.como]})` : ""}
        </p>
      )}
      {line.estado === "ja_paga" && (
        <p className="finance-line-state finance-line-warn">
          Já pago: {line.candidatos.map((c) => c.nome_completo).join(", ")} — possível pagamento em dobro, está em
          Reembolsos pendentes.
        </p>
      )}
      {line.estado === "ignorada" && <p className="finance-line-state">Ignorada</p>}
      {line.estado === "sugerida" && line.como === "repetida" && (
        <p className="finance-line-state finance-line-warn">
          Parece repetir um crédito já importado
          {line.repete ? ` (${brDay(line.repete.data)}, arquivo ${line.repete.arquivo})` : ""}: mesmo dia, valor e
          pagador. Confira no app do banco: se for o mesmo crédito, ignore esta linha.
        </p>
      )}
      {line.estado === "sugerida" && line.como && SUGGESTION_REASONS[line.como] && (
        <p className="finance-line-state finance-line-warn">{SUGGESTION_REASONS[line.como]}</p>
      )}
      {open && line.candidatos.length > 0 && (
        <ul className="finance-candidates" aria-label="Sugestões">
          {line.candidatos.map((c) => (
            <li key={c.id}>
              <span>
                {c.nome_completo} <small>{c.referencia}</small>
                {c.devido_centavos !== line.valor_centavos && (
                  <small className="finance-line-warn">
                    {" "}
                    · deve {reais(c.devido_centavos)}
                    {c.devido_centavos > line.valor_centavos ? ": o valor não cobre" : ""}
                  </small>
                )}
                {c.situacao !== "vaga" && <small className="finance-line-warn"> · {WITHOUT_SEAT[c.situacao]}</small>}
              </span>
              <button
                type="button"
                className="admin-btn admin-btn-success"
                disabled={busy || c.status_pagamento !== "pendente"}
                onClick={() => onConfirm?.(c.id)}
                aria-label={`Confirmar pagamento de ${c.nome_completo}`}
              >
                Confirmar
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <div className="finance-line-actions">
          <button type="button" className="admin-btn admin-btn-outline" disabled={busy} onClick={onLink}>
            Vincular
          </button>
          <button type="button" className="admin-btn admin-btn-outline" disabled={busy} onClick={onIgnore}>
            Ignorar
          </button>
        </div>
      )}
    </li>
  );
}
