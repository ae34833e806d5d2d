import type { Registration } from "../../../shared/api-types";
import { METHOD_LABELS, phoneText, STATUS_LABELS } from "./format";
import { ModalDialog } from "./modal-dialog";

export function DetailsDialog({ registration: r, onClose }: { registration: Registration; onClose: () => void }) {
  return (
    <ModalDialog title="Detalhes da Inscrição" onClose={onClose} closeOnBackdrop>
      <dl className="admin-details">
        <div>
          <dt>Nome completo</dt>
          <dd>{r.nome_completo}</dd>
        </div>
        <div>
          <dt>Idade</dt>
          <dd>{r.idade} anos</dd>
        </div>
        <div>
          <dt>Número Responsável</dt>
          <dd>{phoneText(r.numero_responsavel)}</dd>
        </div>
        <div>
          <dt>Forma de pagamento</dt>
          <dd>{METHOD_LABELS[r.metodo_pagamento]}</dd>
        </div>
        <div>
          <dt>Status do pagamento</dt>
          <dd>
            <span className={`reg-badge reg-badge-${r.status_pagamento}`}>{STATUS_LABELS[r.status_pagamento]}</span>
          </dd>
        </div>
        <div>
          <dt>Data da inscrição</dt>
          <dd>{new Date(r.created_at).toLocaleString("pt-BR")}</dd>
        </div>
        {r.referencia && (
          <div>
            <dt>Referência do PIX</dt>
            <dd className="admin-details-id">{r.referencia}</dd>
          </div>
        )}
        <div>
          <dt>Comprovante</dt>
          <dd>
            {r.has_receipt ? (
              <a href={`/api/registrations/${encodeURIComponent(r.id)}/receipt`} target="_blank" rel="noopener noreferrer">
                Abrir comprovante
              </a>
            ) : (
              "Não enviado"
            )}
          </dd>
        </div>
        <div>
          <dt>Código</dt>
          <dd className="admin-details-id">{r.id}</dd>
        </div>
      </dl>
      <div className="admin-dialog-actions">
        <button type="button" className="admin-btn admin-btn-primary" onClick={onClose} data-autofocus>
          Fechar
        </button>
      </div>
    </ModalDialog>
  );
}
