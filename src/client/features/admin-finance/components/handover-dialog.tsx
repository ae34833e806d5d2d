import { type FormEvent, useId, useState } from "react";
import type { CashView } from "../../../../shared/finance-views";
import { AdminField } from "../../../components/admin-field";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import { ApiError } from "../../../lib/api";
import { reportAdminError, useSessionUser } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { registerHandover } from "../api/finance-api";
import { centavosOf, reais } from "../utils/money";

/**
 * "Registrar entrega": cash handed to a Coordenação member. A helper gives
 * their own; Coordenação may also record what a helper handed to them.
 */
export function HandoverDialog({
  cash,
  onClose,
  onSaved,
}: {
  cash: CashView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const me = useSessionUser();
  const coordination = me?.papel === "coordenacao";
  const givers = coordination ? cash.pessoas.filter((p) => p.em_maos_centavos > 0 || p.id === cash.eu) : [];
  const [de, setDe] = useState<number>(cash.eu);
  const receivers = cash.recebedores.filter((r) => r.id !== de);
  const [para, setPara] = useState<number>(receivers[0]?.id ?? 0);
  const [valor, setValor] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const held = cash.pessoas.find((p) => p.id === de)?.em_maos_centavos ?? 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cents = centavosOf(valor);
    if (!cents) return setError("Valor inválido. Use, por exemplo, 45,00.");
    if (!para || para === de) return setError("Escolha para quem o dinheiro foi entregue.");
    setError(null);
    setSaving(true);
    try {
      await registerHandover({ para, valor_centavos: cents, ...(coordination ? { de } : {}) });
      toast(
        "success",
        "Entrega registrada",
        para === cash.eu ? "Recebimento confirmado." : "Aguardando quem recebeu confirmar.",
      );
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 409 || err.status === 400)) setError(err.message);
      else reportAdminError("Erro ao registrar a entrega", err);
      setSaving(false);
    }
  }

  return (
    <ModalDialog title="Registrar entrega" onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        {coordination && (
          <div className="admin-field">
            <label htmlFor={`${id}-de`}>Quem entregou</label>
            <select id={`${id}-de`} value={de} onChange={(e) => setDe(Number(e.target.value))}>
              {givers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nome} ({reais(p.em_maos_centavos)} em mãos)
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="admin-field">
          <label htmlFor={`${id}-para`}>Quem recebeu (Coordenação)</label>
          <select id={`${id}-para`} value={para} onChange={(e) => setPara(Number(e.target.value))}>
            {receivers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.nome}
              </option>
            ))}
          </select>
        </div>
        <AdminField id={`${id}-valor`} label="Valor (R$)" hint={`Em mãos agora: ${reais(held)}`}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={valor}
              onChange={(e) => setValor(e.target.value)}
              placeholder="45,00"
              data-autofocus
              aria-invalid={error ? true : undefined}
            />
          )}
        </AdminField>
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
