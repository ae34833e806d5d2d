import type { PastEdition } from "../../../shared/editions";
import { brDay } from "../../../shared/dates";
import { dateTimeIn, dayIn } from "../../../shared/dates";
import { useAppConfig } from "../../lib/app-config";
import { EditionTotalsView } from "./edition-totals";

/** One closed edition in "Edições anteriores": when, by whom, its totals, and its list while kept. */
export function PastEditionCard({ edition, onOpenList }: { edition: PastEdition; onOpenList: () => void }) {
  const { timeZone } = useAppConfig();
  const e = edition;
  return (
    <article className="edition-past" aria-labelledby={`edicao-${e.id}`}>
      <h3 id={`edicao-${e.id}`}>{e.nome}</h3>
      <p className="edition-meta">
        {e.data ? `Data do evento: ${e.data} · ` : ""}Aberta em {brDay(dayIn(new Date(e.aberta_em), timeZone))} ·
        Encerrada em {dateTimeIn(e.encerrada_em, timeZone)}
        {e.encerrada_por ? ` por ${e.encerrada_por}` : ""}
      </p>
      <EditionTotalsView totals={e.totais} label={e.nome} />
      {e.dados_ate ? (
        <p className="edition-kept">
          Lista guardada, só para leitura, até {brDay(dayIn(new Date(e.dados_ate), timeZone))} ({e.inscricoes_guardadas}{" "}
          inscrições).{" "}
          <button type="button" className="admin-btn admin-btn-outline" onClick={onOpenList}>
            Ver lista de {e.nome}
          </button>
        </p>
      ) : (
        <p className="edition-kept">
          Dados pessoais apagados
          {e.dados_apagados_em ? ` em ${brDay(dayIn(new Date(e.dados_apagados_em), timeZone))}` : ""}. Ficaram só os
          totais.
        </p>
      )}
    </article>
  );
}
