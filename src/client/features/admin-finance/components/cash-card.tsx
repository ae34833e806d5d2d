import { useCallback, useEffect, useId, useState } from "react";
import type { CashView } from "../../../../shared/finance-views";
import { dateTimeIn } from "../../../../shared/dates";
import { appConfig } from "../../../lib/app-config";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { confirmHandover, readCash } from "../api/finance-api";
import { HandoverDialog } from "./handover-dialog";
import { reais } from "../utils/money";

/**
 * "Dinheiro em espécie": who received cash, who handed it over, and who holds
 * it now. Equipe sees their own; handovers to them wait for the receiver.
 */
export function CashCard() {
  const id = useId();
  const [cash, setCash] = useState<CashView | null>(null);
  const [handing, setHanding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setCash(await readCash());
    } catch (e) {
      reportAdminError("Erro ao carregar o dinheiro em mãos", e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function confirm(handoverId: string) {
    setBusy(handoverId);
    try {
      await confirmHandover(handoverId);
      toast("success", "Entrega confirmada");
      await load();
    } catch (e) {
      reportAdminError("Erro ao confirmar a entrega", e);
    } finally {
      setBusy(null);
    }
  }

  const waiting = cash?.entregas.filter((e) => !e.confirmada_em) ?? [];
  // Cash someone else registered as taken from this person: said plainly on their own screen.
  const takenFromMe =
    cash?.entregas.filter(
      (e) => e.de.id === cash.eu && e.registrada_por.id !== null && e.registrada_por.id !== cash.eu,
    ) ?? [];
  return (
    <section className="admin-card finance-card" aria-labelledby={`${id}-title`}>
      <div className="admin-section-head">
        <h2 id={`${id}-title`}>Dinheiro em espécie</h2>
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => setHanding(true)} disabled={!cash}>
          Registrar entrega
        </button>
      </div>
      {cash === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando…
        </p>
      ) : (
        <>
          <table className="finance-table">
            <caption className="admin-visually-hidden">Dinheiro por pessoa</caption>
            <thead>
              <tr>
                <th scope="col">Pessoa</th>
                <th scope="col">Recebido</th>
                <th scope="col">Entregue</th>
                <th scope="col">Em mãos</th>
              </tr>
            </thead>
            <tbody>
              {cash.pessoas.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.nome}</th>
                  <td>{reais(p.recebido_centavos)}</td>
                  <td>{reais(p.entregue_centavos)}</td>
                  <td>
                    <strong>{reais(p.em_maos_centavos)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {takenFromMe.length > 0 && (
            <>
              <h3 className="finance-subtitle">Recebido de você pela Coordenação</h3>
              <ul className="finance-lines" aria-label="Recebido de você pela Coordenação">
                {takenFromMe.map((e) => (
                  <li key={e.id} className="finance-line">
                    <p>
                      {e.registrada_por.nome} registrou que recebeu <strong>{reais(e.valor_centavos)}</strong> de você
                      em {dateTimeIn(e.em, appConfig().timeZone)}.
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
          {waiting.length > 0 && (
            <>
              <h3 className="finance-subtitle">Entregas a confirmar</h3>
              <ul className="finance-lines" aria-label="Entregas a confirmar">
                {waiting.map((e) => (
                  <li key={e.id} className="finance-line">
                    <p>
                      {e.de.nome} entregou <strong>{reais(e.valor_centavos)}</strong> para {e.para.nome}
                    </p>
                    {e.para.id === cash.eu ? (
                      <button
                        type="button"
                        className="admin-btn admin-btn-success"
                        disabled={busy === e.id}
                        onClick={() => void confirm(e.id)}
                      >
                        {busy === e.id ? "Confirmando..." : "Confirmar recebimento"}
                      </button>
                    ) : (
                      <p className="finance-line-state">Aguardando {e.para.nome} confirmar.</p>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {handing && cash && (
        <HandoverDialog
          cash={cash}
          onClose={() => setHanding(false)}
          onSaved={() => {
            setHanding(false);
            void load();
          }}
        />
      )}
    </section>
  );
}
