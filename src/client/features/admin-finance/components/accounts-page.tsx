import { useEffect, useState } from "react";
import { EXPENSE_CATEGORIES } from "../../../../shared/finance";
import type { Accounts, AccountsPerson } from "../../../../shared/finance-views";
import { reportAdminError } from "../../../lib/admin-session";
import { readAccounts } from "../api/finance-api";
import { reais } from "../utils/money";
import { plural } from "../../../../shared/plural";
import { brDay } from "../../../../shared/dates";
import { useAppConfig } from "../../../lib/app-config";
import "./finance.css";
import "./accounts.css";

function People({ title, rows }: { title: string; rows: AccountsPerson[] }) {
  if (!rows.length) return null;
  return (
    <section className="accounts-block">
      <h3>{title}</h3>
      <table className="finance-table">
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {r.nome} <small>{r.referencia}</small>
                {r.detalhe ? <small> · {r.detalhe}</small> : null}
              </th>
              <td>{reais(r.valor_centavos)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** "Prestação de contas" for the parish: on the screen, printed on A4, or as a spreadsheet. */
export function AccountsPage() {
  const [a, setA] = useState<Accounts | null>(null);
  const config = useAppConfig();
  useEffect(() => {
    readAccounts()
      .then(setA)
      .catch((e) => reportAdminError("Erro ao carregar a prestação de contas", e));
  }, []);
  if (!a)
    return (
      <p role="status">
        <span className="admin-spinner" aria-hidden="true" /> Somando as contas…
      </p>
    );
  const line = (label: string, value: number, strong = false) => (
    <tr className={strong ? "accounts-total" : undefined}>
      <th scope="row">{label}</th>
      <td>{reais(value)}</td>
    </tr>
  );
  return (
    <article className="admin-card accounts">
      <div className="accounts-actions">
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => window.print()}>
          Imprimir
        </button>
        <a className="admin-btn admin-btn-outline" href="/api/finance/accounts.xlsx" download>
          Baixar planilha (.xlsx)
        </a>
      </div>
      <h2>Prestação de contas</h2>
      <p className="accounts-meta">
        <strong>{config.groupName}</strong> · Caravana {config.eventTitle} ({config.editionNumber}ª edição)
        <br />
        Período: {a.periodo.de ? `de ${brDay(a.periodo.de)} a ${brDay(a.periodo.ate)}` : `até ${brDay(a.periodo.ate)}`}
      </p>
      <p>
        Inscrições: {a.inscricoes.vaga} com vaga
        {a.inscricoes.acompanhantes > 0 && ` (${plural(a.inscricoes.acompanhantes, "acompanhante", "acompanhantes")})`}{" "}
        · {a.inscricoes.espera} na lista de espera · {plural(a.inscricoes.desistente, "desistente", "desistentes")}
        {a.inscricoes.vencida > 0 && ` · ${plural(a.inscricoes.vencida, "vaga vencida", "vagas vencidas")}`}
      </p>
      <table className="finance-table accounts-summary">
        <caption className="admin-visually-hidden">Resumo</caption>
        <tbody>
          {line("Valor esperado (preço de quem tem vaga)", a.esperado.total)}
          {line("Isenções", -a.isencoes.total)}
          {line("Descontos", -a.descontos.total)}
          {line("Valor devido", a.esperado.total - a.isencoes.total - a.descontos.total, true)}
          {line("Recebido por PIX (extrato)", a.recebido.pix_extrato)}
          {line("Recebido por PIX (marcado à mão)", a.recebido.pix_manual)}
          {line("Recebido em espécie", a.recebido.especie)}
          {a.recebido.especie_por_pessoa.map((p) => (
            <tr key={p.nome} className="accounts-sub">
              <th scope="row">recebido em espécie por {p.nome}</th>
              <td>{reais(p.valor_centavos)}</td>
            </tr>
          ))}
          {line("Total recebido", a.recebido.total, true)}
          {line("Reembolsos", -a.reembolsos.total)}
          {a.despesas.por_categoria.map((c) => (
            <tr key={c.categoria}>
              <th scope="row">Despesas: {EXPENSE_CATEGORIES[c.categoria]}</th>
              <td>{reais(-c.valor_centavos)}</td>
            </tr>
          ))}
          {line("Saldo", a.saldo, true)}
          {a.sem_vaga.total > 0 && (
            <tr className="accounts-sub">
              <th scope="row">do saldo, pago por quem ainda não tem vaga (volta se não abrir vaga)</th>
              <td>{reais(a.sem_vaga.total)}</td>
            </tr>
          )}
          {line("A receber", a.a_receber.total, true)}
        </tbody>
      </table>
      {a.recebido.especie_em_maos.length > 0 && (
        <section className="accounts-block">
          <h3>Dinheiro em espécie ainda com cada pessoa</h3>
          <table className="finance-table">
            <tbody>
              {a.recebido.especie_em_maos.map((p) => (
                <tr key={p.nome}>
                  <th scope="row">com {p.nome}</th>
                  <td>{reais(p.valor_centavos)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <People title="A receber" rows={a.a_receber.linhas} />
      <People title="Pagaram e esperam vaga (a devolver se não houver vaga)" rows={a.sem_vaga.linhas} />
      <People title="Isenções" rows={a.isencoes.linhas} />
      <People title="Descontos" rows={a.descontos.linhas} />
      {a.reembolsos.linhas.length > 0 && (
        <section className="accounts-block">
          <h3>Reembolsos</h3>
          <table className="finance-table">
            <tbody>
              {a.reembolsos.linhas.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a report, in its order.
                <tr key={i}>
                  <th scope="row">
                    {r.nome}{" "}
                    <small>
                      {brDay(r.data)} · {r.metodo}
                    </small>
                  </th>
                  <td>{reais(r.valor_centavos)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {a.despesas.linhas.length > 0 && (
        <section className="accounts-block">
          <h3>Despesas</h3>
          <table className="finance-table">
            <tbody>
              {a.despesas.linhas.map((d) => (
                <tr key={d.id}>
                  <th scope="row">
                    {d.descricao}{" "}
                    <small>
                      {brDay(d.data)} · {EXPENSE_CATEGORIES[d.categoria]}
                    </small>
                  </th>
                  <td>{reais(d.valor_centavos)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <div className="accounts-signatures">
        <div>
          <span className="accounts-sign-line" />
          <p>Responsável pela caravana ({config.groupName})</p>
          <p className="accounts-sign-who">Nome e assinatura</p>
        </div>
        <div>
          <span className="accounts-sign-line" />
          <p>Pela paróquia (pároco ou tesoureiro)</p>
          <p className="accounts-sign-who">Nome e assinatura</p>
        </div>
      </div>
      <p className="accounts-place">Local e data: ________________________________</p>
    </article>
  );
}
