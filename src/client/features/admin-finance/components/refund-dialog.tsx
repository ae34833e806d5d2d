import { type FormEvent, useId, useState } from "react";
import { type RefundDecision, refundDecisionSchema } from "../../../../shared/finance";
import type { RefundView } from "../../../../shared/finance-views";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { decideRefund } from "../api/finance-api";
import { centavosOf, reais, todayIso } from "../utils/money";

/** "Reembolsado" (amount, method, date) or "Sem reembolso" (a reason), once. */
export function RefundDialog({
  refund,
  onClose,
  onSaved,
}: {
  refund: RefundView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [estado, setEstado] = useState<RefundDecision["estado"]>("reembolsado");
  const [valor, setValor] = useState(reais(refund.valor_centavos).replace("R$ ", ""));
  const [metodo, setMetodo] = useState<"PIX" | "ESPECIE">("PIX");
  const [data, setData] = useState(todayIso());
  const [motivo, setMotivo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = refundDecisionSchema.safeParse(
      estado === "reembolsado" ? { estado, valor_centavos: centavosOf(valor) ?? -1, metodo, data } : { estado, motivo },
    );
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    setSaving(true);
    try {
      await decideRefund(refund.id, parsed.data);
      toast("success", estado === "reembolsado" ? "Reembolso registrado" : "Registrado: sem reembolso");
      onSaved();
    } catch (err) {
      reportAdminError("Erro ao registrar o reembolso", err);
      setSaving(false);
    }
  }

  return (
    <ModalDialog title={`Reembolso de ${refund.nome ?? "inscrição excluída"}`} onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <p>
          Pago: <strong>{reais(refund.valor_centavos)}</strong>
        </p>
        <fieldset className="admin-choice">
          <legend>O que aconteceu com o dinheiro?</legend>
          <label>
            <input
              type="radio"
              name={`${id}-estado`}
              checked={estado === "reembolsado"}
              onChange={() => setEstado("reembolsado")}
            />{" "}
            Reembolsado
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-estado`}
              checked={estado === "sem_reembolso"}
              onChange={() => setEstado("sem_reembolso")}
            />{" "}
            Sem reembolso
          </label>
        </fieldset>
        {estado === "reembolsado" ? (
          <>
            <div className="admin-field">
              <label htmlFor={`${id}-valor`}>Valor devolvido (R$)</label>
              <input id={`${id}-valor`} inputMode="decimal" value={valor} onChange={(e) => setValor(e.target.value)} />
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-metodo`}>Como</label>
              <select
                id={`${id}-metodo`}
                value={metodo}
                onChange={(e) => setMetodo(e.target.value as "PIX" | "ESPECIE")}
              >
                <option value="PIX">PIX</option>
                <option value="ESPECIE">Espécie</option>
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-data`}>Data</label>
              <input id={`${id}-data`} type="date" value={data} onChange={(e) => setData(e.target.value)} />
            </div>
          </>
        ) : (
          <div className="admin-field">
            <label htmlFor={`${id}-motivo`}>Motivo</label>
            <input
              id={`${id}-motivo`}
              value={motivo}
              maxLength={200}
              onChange={(e) => setMotivo(e.target.value)}
              placeholder="Ex.: doou o valor ao grupo"
            />
          </div>
        )}
        {error && (
          <p className="admin-field-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions onCancel={onClose} busy={saving} action={{ label: "Registrar", busyLabel: "Registrando..." }} />
      </form>
    </ModalDialog>
  );
}
