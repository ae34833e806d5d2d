import { type FormEvent, useId, useState } from "react";
import { COMPANION_MESSAGES, companionSchema } from "../../../../shared/companions";
import { maskPhone } from "../../../../shared/phone";
import { formatPrice, parsePrice } from "../../../../shared/price";
import { firstMessage } from "../../../../shared/registration-schema";
import { AdminField } from "../../../components/admin-field";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import { ApiError } from "../../../lib/api";
import { appConfig } from "../../../lib/app-config";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { addCompanion } from "../api/companions";

type Field = "nome_completo" | "idade" | "numero_responsavel" | "valor_centavos";

/**
 * "Adicionar acompanhante": an adult who travels with the youth (a chaperone,
 * a driver's helper, the coordination itself), with a seat like anyone, any
 * adult age, the price or less, or "Isento".
 */
export function AddCompanionDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const id = useId();
  const { priceCents } = appConfig();
  const [nome, setNome] = useState("");
  const [idade, setIdade] = useState("");
  const [telefone, setTelefone] = useState("");
  const [valor, setValor] = useState(
    formatPrice(priceCents)
      .replace("R$ ", "")
      .replace(/\u00a0/g, ""),
  );
  const [isento, setIsento] = useState(false);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cents = isento ? undefined : parsePrice(valor);
    if (!isento && cents === null) return setError({ field: "valor_centavos", message: COMPANION_MESSAGES.price });
    const parsed = companionSchema.safeParse({
      nome_completo: nome,
      idade,
      numero_responsavel: telefone,
      isento,
      ...(cents ? { valor_centavos: cents } : {}),
    });
    if (!parsed.success) {
      const field = (parsed.error.issues[0].path[0] as Field) ?? "nome_completo";
      return setError({ field, message: firstMessage(parsed.error) });
    }
    setError(null);
    setSaving(true);
    try {
      const saved = await addCompanion(parsed.data);
      toast(
        "success",
        "Acompanhante adicionado(a)",
        saved.situacao === "vaga"
          ? `${saved.nome_completo}: ${saved.onibus_nome ? `vaga no ${saved.onibus_nome}` : "vaga na caravana"}${isento ? ", isento(a)" : ""}.`
          : `${saved.nome_completo}: os ônibus estão cheios, entrou na lista de espera (${saved.posicao_espera}º).`,
      );
      onAdded();
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && (err.status === 400 || err.status === 409))
        setError({ field: err.message.includes("valor") ? "valor_centavos" : "nome_completo", message: err.message });
      else reportAdminError("Erro ao adicionar acompanhante", err);
    }
  }

  const fieldError = (f: Field) => (error?.field === f ? error.message : null);
  return (
    <ModalDialog title="Adicionar acompanhante" onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <p>Um adulto (18 anos ou mais) que viaja com os jovens e ocupa uma vaga no ônibus, como os inscritos.</p>
        <AdminField id={`${id}-nome`} label="Nome completo" error={fieldError("nome_completo")}>
          {(control) => (
            <input
              {...control}
              value={nome}
              onChange={(e) => setNome(e.target.value)}
              autoComplete="off"
              data-autofocus
            />
          )}
        </AdminField>
        <AdminField id={`${id}-idade`} label="Idade" error={fieldError("idade")}>
          {(control) => (
            <input {...control} inputMode="numeric" value={idade} onChange={(e) => setIdade(e.target.value)} />
          )}
        </AdminField>
        <AdminField id={`${id}-telefone`} label="Telefone" error={fieldError("numero_responsavel")}>
          {(control) => (
            <input
              {...control}
              type="tel"
              inputMode="tel"
              placeholder="(98) 99999-9999"
              value={telefone}
              onChange={(e) => setTelefone(maskPhone(e.target.value))}
            />
          )}
        </AdminField>
        <AdminField
          id={`${id}-valor`}
          label="Valor (R$)"
          hint={
            isento ? "Isento: viaja sem pagar." : `Valor recebido em dinheiro (no máximo ${formatPrice(priceCents)}).`
          }
          error={fieldError("valor_centavos")}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={isento ? "0,00" : valor}
              disabled={isento}
              onChange={(e) => setValor(e.target.value)}
            />
          )}
        </AdminField>
        <label className="reg-export-health">
          <input type="checkbox" checked={isento} onChange={(e) => setIsento(e.target.checked)} /> Isento (não paga)
        </label>
        <DialogActions onCancel={onClose} busy={saving} action={{ label: "Adicionar", busyLabel: "Adicionando..." }} />
      </form>
    </ModalDialog>
  );
}
