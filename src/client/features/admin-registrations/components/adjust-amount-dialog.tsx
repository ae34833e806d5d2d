import { type FormEvent, useId, useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { adjustSchema } from "../../../../shared/finance";
import { formatPrice, parsePrice } from "../../../../shared/price";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { adjustAmount } from "../api/adjust-amount";

/** "Isentar" or "Dar desconto" on a registration still to pay, with the reason. */
export function AdjustAmountDialog({
  registration: r,
  kind,
  priceCents,
  onClose,
  onSaved,
}: {
  registration: Registration;
  kind: "isento" | "desconto" | "preco";
  priceCents: number;
  onClose: () => void;
  onSaved: (reg: Registration) => void;
}) {
  const id = useId();
  const [valor, setValor] = useState("");
  const [motivo, setMotivo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = kind === "isento" ? "Isentar" : kind === "desconto" ? "Dar desconto" : "Voltar ao preço cheio";

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cents = kind === "isento" ? 0 : kind === "preco" ? priceCents : parsePrice(valor);
    if (cents === null || (kind === "desconto" && cents >= priceCents))
      return setError(`Diga o novo valor, menor que ${formatPrice(priceCents)}.`);
    const parsed = adjustSchema.safeParse({ valor_centavos: cents, motivo });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    setSaving(true);
    try {
      const saved = await adjustAmount(r.id, parsed.data.valor_centavos, parsed.data.motivo);
      toast(
        "success",
        title,
        `${r.nome_completo}: ${kind === "isento" ? "isento(a)" : formatPrice(parsed.data.valor_centavos)}`,
      );
      onSaved(saved);
    } catch (err) {
      reportAdminError(`Erro ao ${title.toLowerCase()}`, err);
      setSaving(false);
    }
  }

  return (
    <ModalDialog title={title} onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <p>
          {r.nome_completo} · preço {formatPrice(priceCents)}
        </p>
        {kind === "desconto" && (
          <div className="admin-field">
            <label htmlFor={`${id}-valor`}>Novo valor (R$)</label>
            <input
              id={`${id}-valor`}
              inputMode="decimal"
              value={valor}
              onChange={(e) => setValor(e.target.value)}
              data-autofocus
            />
          </div>
        )}
        <div className="admin-field">
          <label htmlFor={`${id}-motivo`}>Motivo</label>
          <input
            id={`${id}-motivo`}
            value={motivo}
            maxLength={200}
            onChange={(e) => setMotivo(e.target.value)}
            data-autofocus={kind !== "desconto" || undefined}
          />
        </div>
        {error && (
          <p className="admin-field-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions onCancel={onClose} busy={saving} action={{ label: "Salvar", busyLabel: "Salvando..." }} />
      </form>
    </ModalDialog>
  );
}
