import { useCallback, useEffect, useId, useState } from "react";
import { type PaidWithoutSeat, REFUND_ORIGINS, type RefundView } from "../../../../shared/finance-views";
import { reportAdminError } from "../../../lib/admin-session";
import { listPaidWithoutSeat, listRefunds } from "../api/finance-api";
import { reais } from "../utils/money";
import { brDay } from "../../../../shared/dates";
import { RefundDialog } from "./refund-dialog";

/** "Reembolsos pendentes": paid people who gave up or were deleted, and double payments; then those decided. */
export function RefundsCard({ reloadKey }: { reloadKey: number }) {
  const id = useId();
  const [refunds, setRefunds] = useState<RefundView[] | null>(null);
  const [waiting, setWaiting] = useState<PaidWithoutSeat[]>([]);
  const [deciding, setDeciding] = useState<RefundView | null>(null);
  const load = useCallback(async () => {
    try {
      const [list, paid] = await Promise.all([listRefunds(), listPaidWithoutSeat()]);
      setRefunds(list);
      setWaiting(paid);
    } catch (e) {
      reportAdminError("Erro ao carregar os reembolsos", e);
    }
  }, []);
  useEffect(() => {
    // A new reloadKey (an import, a decision elsewhere on the page) reads the list again.
    if (reloadKey >= 0) void load();
  }, [load, reloadKey]);

  const pending = refunds?.filter((r) => r.estado === "pendente") ?? [];
  const decided = refunds?.filter((r) => r.estado !== "pendente") ?? [];
  return (
    <section className="admin-card finance-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reembolsos pendentes</h2>
      {refunds === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando…
        </p>
      ) : pending.length === 0 ? (
        <p className="finance-empty">Nenhum reembolso pendente.</p>
      ) : (
        <ul className="finance-lines" aria-label="Reembolsos pendentes">
          {pending.map((r) => (
            <li key={r.id} className="finance-line">
              <div className="finance-line-head">
                <strong>{reais(r.valor_centavos)}</strong>
                <span>{r.nome ?? "Inscrição excluída"}</span>
              </div>
              <p className="finance-line-state">{REFUND_ORIGINS[r.origem]}</p>
              <div className="finance-line-actions">
                <button type="button" className="admin-btn admin-btn-outline" onClick={() => setDeciding(r)}>
                  Resolver
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <section aria-labelledby={`${id}-waiting`}>
          <h3 id={`${id}-waiting`} className="finance-subtitle">
            Pagaram e esperam vaga
          </h3>
          <p className="finance-help">
            O dinheiro fica guardado: quem pagou passa à frente na lista de espera. Se não abrir vaga, devolva o valor.
          </p>
          <ul className="finance-plain">
            {waiting.map((p) => (
              <li key={p.id}>
                {p.nome_completo} {p.referencia && <small>{p.referencia}</small>}: {reais(p.pago_centavos)}
                {p.posicao_espera ? ` · ${p.posicao_espera}º da lista de espera` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
      {decided.length > 0 && (
        <details>
          <summary>Resolvidos ({decided.length})</summary>
          <ul className="finance-plain">
            {decided.map((r) => (
              <li key={r.id}>
                {r.nome ?? "Inscrição excluída"}:{" "}
                {r.estado === "reembolsado"
                  ? `reembolsado ${reais(r.devolvido_centavos ?? 0)} (${r.metodo === "ESPECIE" ? "espécie" : "PIX"}) em ${brDay(r.data ?? "")}`
                  : `sem reembolso — ${r.motivo}`}
                {r.resolvido_por_nome ? `, por ${r.resolvido_por_nome}` : ""}
              </li>
            ))}
          </ul>
        </details>
      )}
      {deciding && (
        <RefundDialog
          refund={deciding}
          onClose={() => setDeciding(null)}
          onSaved={() => {
            setDeciding(null);
            void load();
          }}
        />
      )}
    </section>
  );
}
