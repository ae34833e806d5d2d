import { useEffect, useId, useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { describePayment, type RegistrationPayments } from "../../../../shared/finance-views";
import { formatPrice } from "../../../../shared/price";
import { adminApi, useIsCoordination } from "../../../lib/admin-session";
import { AdjustAmountDialog } from "./adjust-amount-dialog";

/**
 * "Valor e pagamentos" in the details: how it was paid, in words ("PIX, extrato
 * Nubank de 12/08, confirmado por Maria"), every record newest first, and for
 * Coordenação "Isentar" and "Dar desconto" while nothing is paid.
 */
export function PaymentRecords({
  registration: r,
  onSaved,
}: {
  registration: Registration;
  onSaved: (reg: Registration) => void;
}) {
  const id = useId();
  const coordination = useIsCoordination();
  const [data, setData] = useState<RegistrationPayments | null>(null);
  const [failed, setFailed] = useState(false);
  const [adjusting, setAdjusting] = useState<"isento" | "desconto" | "preco" | null>(null);
  // Read again after an exemption or a discount: the status may not change, the records do.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    if (version < 0) return;
    adminApi<RegistrationPayments>(`/api/registrations/${encodeURIComponent(r.id)}/payments`, { cache: "no-store" })
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [r.id, version]);

  const paid = data
    ? data.registros.reduce((s, p) => s + (p.tipo === "pagamento" || p.tipo === "estorno" ? p.valor_centavos : 0), 0)
    : 0;
  const adjusted = data ? data.devido_centavos !== data.preco_centavos : false;
  return (
    <section className="admin-details-payments" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Valor e pagamentos</h3>
      {failed ? (
        <p role="alert">Não foi possível carregar os pagamentos.</p>
      ) : data === null ? (
        <p role="status">Carregando pagamentos...</p>
      ) : (
        <>
          <p>
            Valor: <strong>{data.devido_centavos === 0 ? "Isento" : formatPrice(data.devido_centavos)}</strong>
            {adjusted && data.devido_centavos > 0 ? ` (preço ${formatPrice(data.preco_centavos)})` : ""}
            {data.nome_pagador ? ` · quem paga: ${data.nome_pagador}` : ""}
          </p>
          {data.registros.length > 0 ? (
            <ul className="admin-payment-list">
              {[...data.registros].reverse().map((p) => (
                <li key={p.id}>{describePayment(p)}</li>
              ))}
            </ul>
          ) : (
            <p>Nenhum pagamento registrado.</p>
          )}
          {coordination && paid <= 0 && (
            <div className="admin-payment-actions">
              {data.devido_centavos > 0 && (
                <>
                  <button type="button" className="admin-btn admin-btn-outline" onClick={() => setAdjusting("isento")}>
                    Isentar
                  </button>
                  <button
                    type="button"
                    className="admin-btn admin-btn-outline"
                    onClick={() => setAdjusting("desconto")}
                  >
                    Dar desconto
                  </button>
                </>
              )}
              {adjusted && (
                <button type="button" className="admin-btn admin-btn-outline" onClick={() => setAdjusting("preco")}>
                  Voltar ao preço cheio
                </button>
              )}
            </div>
          )}
        </>
      )}
      {adjusting && data && (
        <AdjustAmountDialog
          registration={r}
          kind={adjusting}
          priceCents={data.preco_centavos}
          onClose={() => setAdjusting(null)}
          onSaved={(reg) => {
            setAdjusting(null);
            setVersion((v) => v + 1);
            onSaved(reg);
          }}
        />
      )}
    </section>
  );
}
