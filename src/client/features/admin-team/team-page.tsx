import { useCallback, useEffect, useState } from "react";
import { ROLE_LABELS, type TeamMember } from "../../../shared/team";
import { ModalDialog } from "../../components/modal-dialog";
import { toast } from "../../lib/toast";
import { reportAdminError, useSessionUser } from "../../lib/admin-session";
import { AddMemberDialog } from "./add-member-dialog";
import { PasswordShownDialog } from "./password-shown-dialog";
import { listTeam, type MemberWithPassword, resetPassword, setMemberActive } from "./team-api";
import { DialogActions } from "../../components/dialog-actions";
import "./team.css";

type Confirm = { kind: "deactivate" | "password"; member: TeamMember };

/** "Equipe": Coordenação adds people, gives them a new password, and deactivates them. */
export function TeamPage() {
  const me = useSessionUser();
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<MemberWithPassword | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setMembers(await listTeam());
    } catch (e) {
      reportAdminError("Erro ao carregar a equipe", e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function reactivate(m: TeamMember) {
    try {
      await setMemberActive(m, true);
      toast("success", "Acesso reativado", `${m.nome} pode entrar de novo com a senha que tinha.`);
      await load();
    } catch (e) {
      reportAdminError("Erro ao reativar", e);
    }
  }

  async function confirmed() {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === "deactivate") {
        await setMemberActive(confirm.member, false);
        toast("success", "Acesso desativado", `${confirm.member.nome} saiu do painel em todos os aparelhos.`);
      } else {
        setShown(await resetPassword(confirm.member));
      }
      setConfirm(null);
      await load();
    } catch (e) {
      reportAdminError(confirm.kind === "deactivate" ? "Erro ao desativar" : "Erro ao gerar nova senha", e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card team-card" aria-labelledby="team-title">
      <div className="admin-section-head">
        <h2 id="team-title">Equipe</h2>
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => setAdding(true)}>
          Adicionar pessoa
        </button>
      </div>
      {members === null ? (
        <p role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando equipe...
        </p>
      ) : (
        <ul className="team-list" aria-label="Pessoas do painel">
          {members.map((m) => (
            <li key={m.id} className={m.ativo ? "team-item" : "team-item team-item-off"}>
              <div className="team-item-text">
                <strong>{m.nome}</strong>
                <span className="team-meta">
                  {m.login}
                  {/* The principal account is named after its role: "Coordenação" once is enough. */}
                  {m.nome !== ROLE_LABELS[m.papel] && ` · ${ROLE_LABELS[m.papel]}`}
                  {m.principal && " · conta principal"}
                  {!m.ativo && " · desativada"}
                </span>
              </div>
              <div className="team-item-actions">
                {!m.principal && m.ativo && (
                  <button
                    type="button"
                    className="admin-btn admin-btn-outline"
                    aria-label={`Nova senha para ${m.nome}`}
                    onClick={() => setConfirm({ kind: "password", member: m })}
                  >
                    Nova senha
                  </button>
                )}
                {m.login !== me?.login &&
                  (m.ativo ? (
                    <button
                      type="button"
                      className="admin-btn admin-btn-outline admin-btn-danger-outline"
                      aria-label={`Desativar ${m.nome}`}
                      onClick={() => setConfirm({ kind: "deactivate", member: m })}
                    >
                      Desativar
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="admin-btn admin-btn-outline"
                      aria-label={`Reativar ${m.nome}`}
                      onClick={() => void reactivate(m)}
                    >
                      Reativar
                    </button>
                  ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <AddMemberDialog
          onClose={() => setAdding(false)}
          onAdded={(added) => {
            setAdding(false);
            setShown(added);
            toast("success", "Pessoa adicionada", `${added.member.nome} entra como ${added.member.login}.`);
            void load();
          }}
        />
      )}
      {shown && <PasswordShownDialog shown={shown} onClose={() => setShown(null)} />}
      {confirm && (
        <ModalDialog
          title={
            confirm.kind === "deactivate"
              ? `Desativar ${confirm.member.nome}?`
              : `Nova senha para ${confirm.member.nome}?`
          }
          onClose={() => setConfirm(null)}
          busy={busy}
          describedBy="team-confirm-text"
        >
          <p id="team-confirm-text" className="admin-delete-text">
            {confirm.kind === "deactivate"
              ? "A pessoa sai do painel agora, em todos os aparelhos, e não entra mais até ser reativada."
              : "A senha atual deixa de valer e a pessoa sai do painel em todos os aparelhos."}
          </p>
          <DialogActions
            onCancel={() => setConfirm(null)}
            busy={busy}
            focusCancel
            action={{
              label: confirm.kind === "deactivate" ? "Desativar" : "Gerar nova senha",
              danger: confirm.kind === "deactivate",
              onClick: () => void confirmed(),
            }}
          />
        </ModalDialog>
      )}
    </section>
  );
}
