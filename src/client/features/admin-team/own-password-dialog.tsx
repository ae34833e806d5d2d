import { type FormEvent, useId, useState } from "react";
import { ownPasswordSchema } from "../../../shared/team";
import { AdminField } from "../../components/admin-field";
import { DialogActions } from "../../components/dialog-actions";
import { ModalDialog } from "../../components/modal-dialog";
import { toast } from "../../lib/toast";
import { ApiError } from "../../lib/api";
import { checkSession, reportAdminError } from "../../lib/admin-session";
import { changeOwnPassword } from "./team-api";

/** "Alterar senha": one's own. Every session of the person ends, this one too, so the login shows next. */
export function OwnPasswordDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [atual, setAtual] = useState("");
  const [nova, setNova] = useState("");
  const [error, setError] = useState<{ field: "atual" | "nova"; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    const parsed = ownPasswordSchema.safeParse({ atual, nova });
    if (!parsed.success) {
      const field = parsed.error.issues[0].path[0] === "atual" ? "atual" : "nova";
      setError({ field, message: parsed.error.issues[0].message });
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await changeOwnPassword(parsed.data.atual, parsed.data.nova);
      toast("success", "Senha alterada", "Entre de novo com a nova senha.");
      onClose();
      await checkSession();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError({ field: "atual", message: err.message });
      else reportAdminError("Erro ao alterar a senha", err);
      setSaving(false);
    }
  }

  const field = (name: "atual" | "nova", label: string, autoComplete: string) => (
    <AdminField id={`${id}-${name}`} label={label} error={error?.field === name ? error.message : null}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete={autoComplete}
          maxLength={200}
          value={name === "atual" ? atual : nova}
          onChange={(e) => (name === "atual" ? setAtual : setNova)(e.target.value)}
          data-autofocus={name === "atual" ? true : undefined}
        />
      )}
    </AdminField>
  );

  return (
    <ModalDialog title="Alterar senha" onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        {field("atual", "Senha atual", "current-password")}
        {field("nova", "Nova senha (8 caracteres ou mais)", "new-password")}
        <DialogActions onCancel={onClose} busy={saving} action={{ label: "Salvar senha", busyLabel: "Salvando..." }} />
      </form>
    </ModalDialog>
  );
}
