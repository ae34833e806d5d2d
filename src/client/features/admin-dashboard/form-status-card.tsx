import { useId, useState } from "react";
import type { FormStatus } from "../../../shared/api-types";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { toast } from "../../lib/toast";
import { adminApi, reportAdminError } from "../../lib/admin-session";
import { useIsCoordination } from "../../lib/admin-session";
import { FORM_MESSAGES } from "../../../shared/admin-api";
import { Link } from "../../lib/router";

interface Props {
  status: FormStatus | null;
  onSaved: (status: FormStatus) => void;
}

export function FormStatusCard({ status, onSaved }: Props) {
  const coordination = useIsCoordination();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const open = status?.is_open ?? false;
  const missing = status?.falta_configurar ?? [];

  const [confirmingClose, setConfirmingClose] = useState(false);

  async function save(isOpen: boolean) {
    if (!status || saving) return;
    setSaving(true);
    try {
      const next = await adminApi<FormStatus>("/api/form-status", { method: "PUT", json: { is_open: isOpen } });
      onSaved(next);
      toast(
        "success",
        next.is_open ? "Formulário Aberto" : "Formulário Fechado",
        next.is_open ? "Os visitantes já podem se inscrever." : "Novas inscrições estão bloqueadas.",
      );
    } catch (e) {
      reportAdminError("Erro ao atualizar status do formulário", e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="admin-card admin-form-status" aria-labelledby={`${id}-title`}>
      <div className="admin-form-status-text">
        <h2 id={`${id}-title`}>Status do Formulário</h2>
        <p>
          {status === null
            ? "Carregando status..."
            : open
              ? "Aberto: os visitantes podem se inscrever."
              : "Fechado: a página de inscrição mostra 'Inscrições Encerradas'."}
        </p>
      </div>
      {coordination ? (
        <div className="admin-switch-row">
          <label htmlFor={`${id}-switch`} className="admin-switch-label">
            Inscrições abertas
          </label>
          <button
            id={`${id}-switch`}
            type="button"
            role="switch"
            aria-checked={open}
            aria-busy={saving}
            disabled={status === null || saving || (!open && missing.length > 0)}
            className="admin-switch"
            // Closing turns every visitor away: it asks first. Reopening does not.
            onClick={() => (open ? setConfirmingClose(true) : void save(true))}
          >
            <span className="admin-switch-track" aria-hidden="true">
              <span className="admin-switch-thumb" />
            </span>
            <span className="admin-switch-state" aria-hidden="true">
              {open ? "Aberto" : "Fechado"}
            </span>
          </button>
        </div>
      ) : (
        <p className="admin-card-note">Só a Coordenação abre ou fecha o formulário.</p>
      )}
      {missing.length > 0 && (
        <p className="admin-card-note admin-form-status-missing" role="note">
          {FORM_MESSAGES.paymentDetailsFirst(missing)}{" "}
          {coordination && <Link href="/admin/configuracoes">Abrir Configurações</Link>}
        </p>
      )}
      {confirmingClose && (
        <ConfirmDialog
          title="Encerrar inscrições?"
          confirmLabel="Encerrar inscrições"
          danger
          onConfirm={() => void save(false)}
          onClose={() => setConfirmingClose(false)}
        >
          Ninguém mais conseguirá se inscrever: a página de inscrição passa a mostrar "Inscrições Encerradas". Você pode
          reabrir a qualquer momento.
        </ConfirmDialog>
      )}
    </section>
  );
}
