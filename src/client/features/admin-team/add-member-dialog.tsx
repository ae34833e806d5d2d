import { type FormEvent, useId, useState } from "react";
import { loginFromName, newMemberSchema, ROLE_LABELS, ROLES, type Role } from "../../../shared/team";
import { AdminField } from "../../components/admin-field";
import { DialogActions } from "../../components/dialog-actions";
import { ModalDialog } from "../../components/modal-dialog";
import { ApiError } from "../../lib/api";
import { reportAdminError } from "../../lib/admin-session";
import { addMember, type MemberWithPassword } from "./team-api";

/** "Adicionar pessoa": a name and a role; the server makes the password. */
export function AddMemberDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (added: MemberWithPassword) => void;
}) {
  const id = useId();
  const [nome, setNome] = useState("");
  const [papel, setPapel] = useState<Role>("equipe");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const login = loginFromName(nome);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    const parsed = newMemberSchema.safeParse({ nome, papel });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      document.getElementById(`${id}-nome`)?.focus();
      return;
    }
    setError(null);
    setSaving(true);
    try {
      onAdded(await addMember(parsed.data));
    } catch (err) {
      // A duplicate login is about the name: it shows beside it.
      if (err instanceof ApiError && err.status === 409) setError(err.message);
      else reportAdminError("Erro ao adicionar a pessoa", err);
      setSaving(false);
    }
  }

  return (
    <ModalDialog title="Adicionar pessoa" onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <AdminField
          id={`${id}-nome`}
          label="Nome"
          hint={login ? `Login: ${login}` : "O login é formado pelo primeiro e pelo último nome."}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={60}
              value={nome}
              onChange={(e) => setNome(e.target.value)}
              data-autofocus
            />
          )}
        </AdminField>
        <AdminField
          id={`${id}-papel`}
          label="Papel"
          hint={
            papel === "equipe"
              ? "Equipe vê a lista, marca pagamentos, recebe em espécie, faz o embarque e vê comprovantes."
              : "Coordenação pode tudo: excluir, exportar, configurar, ônibus, formulário e equipe."
          }
        >
          {(control) => (
            <select {...control} value={papel} onChange={(e) => setPapel(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <DialogActions onCancel={onClose} busy={saving} action={{ label: "Adicionar", busyLabel: "Adicionando..." }} />
      </form>
    </ModalDialog>
  );
}
