import type { EditionTotals } from "../../../shared/editions";
import { formatPrice } from "../../../shared/price";

/** "R$ 15,00", or "-R$ 15,00" for a balance below zero. */
const reais = (centavos: number) => (centavos < 0 ? `-${formatPrice(-centavos)}` : formatPrice(centavos));

/** A closed edition's figures, kept forever: counts and money, no names. */
export function EditionTotalsView({ totals, label }: { totals: EditionTotals; label: string }) {
  const t = totals;
  return (
    <div className="edition-totals">
      <dl className="edition-figures" aria-label={`Totais de ${label}`}>
        <div>
          <dt>Com vaga</dt>
          <dd>{t.inscricoes.vaga}</dd>
        </div>
        <div>
          <dt>Lista de espera</dt>
          <dd>{t.inscricoes.espera}</dd>
        </div>
        <div>
          <dt>Desistências</dt>
          <dd>{t.inscricoes.desistente}</dd>
        </div>
        <div>
          <dt>Recebido</dt>
          <dd>{reais(t.recebido.total)}</dd>
        </div>
        <div>
          <dt>PIX</dt>
          <dd>{reais(t.recebido.pix)}</dd>
        </div>
        <div>
          <dt>Espécie</dt>
          <dd>{reais(t.recebido.especie)}</dd>
        </div>
        <div>
          <dt>Reembolsos</dt>
          <dd>{reais(t.reembolsos)}</dd>
        </div>
        <div>
          <dt>Despesas</dt>
          <dd>{reais(t.despesas)}</dd>
        </div>
        <div>
          <dt>Saldo</dt>
          <dd>{reais(t.saldo)}</dd>
        </div>
      </dl>
      {(t.isencoes > 0 || t.descontos > 0 || t.a_receber > 0) && (
        <p className="edition-note">
          Isenções {reais(t.isencoes)} · descontos {reais(t.descontos)} · ficou a receber {reais(t.a_receber)}
        </p>
      )}
      <div className="edition-breakdowns">
        <table>
          <caption>Com vaga, por ônibus</caption>
          <tbody>
            {t.por_onibus.length === 0 ? (
              <tr>
                <td colSpan={2}>Nenhum ônibus</td>
              </tr>
            ) : (
              t.por_onibus.map((b) => (
                <tr key={b.nome}>
                  <th scope="row">{b.nome}</th>
                  <td>{b.lugares === null ? b.pessoas : `${b.pessoas} de ${b.lugares}`}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <table>
          <caption>Com vaga, por idade</caption>
          <tbody>
            {t.por_idade.map((g) => (
              <tr key={g.faixa}>
                <th scope="row">{g.faixa}</th>
                <td>{g.pessoas}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
