import { useState } from "react";
import { ROLE_LABELS } from "../../../shared/team";
import { ModalDialog } from "../../components/modal-dialog";
import { toast } from "../../lib/toast";
import { appConfig } from "../../lib/app-config";
import { copyText } from "../../lib/clipboard";
import { whatsappShare } from "../../../shared/phone";
import { teamAccessText } from "../../../shared/whatsapp-texts";
import type { MemberWithPassword } from "./team-api";

/** The generated password, once: copy it or send it by WhatsApp, then it is gone. */
export function PasswordShownDialog({ shown, onClose }: { shown: MemberWithPassword; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const { member, password } = shown;
  const message = teamAccessText({
    nome: member.nome,
    papel: ROLE_LABELS[member.papel],
    login: member.login,
    password,
    site: appConfig().publicUrl,
  });

  async function copy() {
    try {
      await copyText(password);
      setCopied(true);
      toast("success", "Senha copiada", `Envie a ${member.nome} por um canal privado.`);
    } catch {
      toast("error", "Não foi possível copiar", "Selecione a senha e copie manualmente.");
    }
  }

  return (
    <ModalDialog title={`Acesso de ${member.nome}`} onClose={onClose}>
      <p className="team-once">Esta senha aparece só agora. Copie ou envie antes de fechar.</p>
      <dl className="team-credentials">
        <dt>Usuário</dt>
        <dd>{member.login}</dd>
        <dt>Senha</dt>
        <dd>
          <code>{password}</code>
        </dd>
      </dl>
      <div className="admin-dialog-actions team-share">
        <button type="button" className="admin-btn admin-btn-outline" onClick={copy} data-autofocus>
          {copied ? "Senha copiada" : "Copiar senha"}
        </button>
        <a
          className="admin-btn admin-btn-success"
          href={whatsappShare(message)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Enviar pelo WhatsApp
        </a>
        <button type="button" className="admin-btn admin-btn-primary" onClick={onClose}>
          Concluir
        </button>
      </div>
    </ModalDialog>
  );
}
