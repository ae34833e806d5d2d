import { useId } from "react";
import { formatPrice } from "../../../../shared/price";
import { ModalDialog } from "../../../components/modal-dialog";
import type { SeenPassenger } from "../utils/roll-call-state";

/**
 * Someone who still owes, tapped at the door: what is owed, and the cash
 * first ("Receber em dinheiro"), before "Embarcar mesmo assim".
 */
export function OwingDialog({
  passenger: p,
  onCash,
  onBoard,
  onClose,
}: {
  passenger: SeenPassenger;
  onCash: () => void;
  onBoard: () => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <ModalDialog title="Falta pagar" onClose={onClose} describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="admin-delete-text">
        {p.nome_completo} ainda deve <strong>{formatPrice(p.devido_centavos ?? 0)}</strong>.
        {p.metodo_pagamento === "PIX"
          ? " Escolheu PIX. Se você receber o dinheiro agora, a forma de pagamento passa a ser espécie e o recebimento fica registrado no seu nome."
          : " Receba em dinheiro agora, ou deixe embarcar e acerte depois com a coordenação."}
      </p>
      <div className="admin-dialog-actions rc-owing-actions">
        <button type="button" className="admin-btn admin-btn-outline" onClick={onClose} data-autofocus>
          Cancelar
        </button>
        <button
          type="button"
          className="admin-btn admin-btn-outline"
          onClick={() => {
            onBoard();
            onClose();
          }}
        >
          Embarcar mesmo assim
        </button>
        <button
          type="button"
          className="admin-btn admin-btn-primary"
          onClick={() => {
            onCash();
            onClose();
          }}
        >
          Receber em dinheiro
        </button>
      </div>
    </ModalDialog>
  );
}
