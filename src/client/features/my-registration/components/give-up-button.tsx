import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { MyRegistration } from "../../../../shared/my-registration";
import { ApiError, UNKNOWN_ERROR } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { giveUp } from "../api/my-registration-api";

/** "Desistir da inscrição": a question saying what will happen, then the registration becomes "Desistente". */
export function GiveUpButton({
  view,
  token,
  onDone,
}: {
  view: MyRegistration;
  token: string;
  onDone: (view: MyRegistration) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const paid = view.pagamento.estado === "pago";
  const seated = view.situacao === "vaga";

  async function confirm() {
    setBusy(true);
    try {
      onDone(await giveUp(view.id, token));
      toast("success", "Desistência registrada", paid ? "A coordenação vai combinar a devolução com você." : "");
    } catch (e) {
      toast("error", "Não foi possível desistir", e instanceof ApiError ? e.message : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="v-btn my-btn-danger"
        disabled={busy}
        aria-busy={busy}
        onClick={() => setAsking(true)}
      >
        {busy ? "Registrando..." : "Desistir da inscrição"}
      </button>
      {asking && (
        <ConfirmDialog
          title={`Desistir da inscrição de ${view.nome_completo}?`}
          confirmLabel="Sim, desistir"
          cancelLabel="Não, manter inscrição"
          danger
          onConfirm={() => void confirm()}
          onClose={() => setAsking(false)}
        >
          {seated
            ? "A vaga fica livre para a próxima pessoa da lista de espera, se houver. Isso não pode ser desfeito por aqui."
            : "A pessoa sai da lista de espera."}{" "}
          {paid
            ? "Como já foi pago, a devolução aparece para a coordenação, que vai combinar com você."
            : view.pagamento.comprovante_recebido
              ? "Seu comprovante ainda está em conferência: a coordenação vai combinar a devolução com você."
              : "Nada foi pago, então não há devolução."}
        </ConfirmDialog>
      )}
    </>
  );
}
