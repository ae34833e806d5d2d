import { useId, useState } from "react";
import "./dialogs.css";
import type { Registration } from "../../../../shared/api-types";
import { PhoneContact } from "../../../components/phone-contact";
import { formatDateTime, METHOD_LABELS } from "../utils/format";
import { ModalDialog } from "../../../components/modal-dialog";
import { ReceiptVersions } from "./receipt-versions";
import { StatusBadge } from "./status-badge";
import { ReceiptView } from "./receipt-view";
import { AuthorizationMark } from "./authorization-mark";
import { PaymentRecords } from "./payment-records";
import { RegistrationHistory } from "./registration-history";
import { PaidToggle } from "./row-actions";
import { PersonalLinkActions } from "./personal-link-actions";
import { HealthNotes } from "./health-notes";
import { DeadlineActions } from "./deadline-actions";
import { DeadlineNote } from "./deadline-note";
import { useIsCoordination } from "../../../lib/admin-session";

interface Props {
  registration: Registration;
  onClose: () => void;
  /** 'Marcar Pago' here changes the row in the list too. */
  onSaved: (reg: Registration) => void;
}

/**
 * Everything about one registration. With a receipt the dialog widens on large
 * screens: the facts, the reference and 'Marcar Pago' on the left, the receipt
 * beside them, so a payment is checked without scrolling.
 */
export function DetailsDialog({ registration, onClose, onSaved }: Props) {
  const id = useId();
  const [r, setR] = useState(registration);
  const coordination = useIsCoordination();
  const saved = (reg: Registration) => {
    setR(reg);
    onSaved(reg);
  };
  return (
    <ModalDialog
      title="Detalhes da Inscrição"
      onClose={onClose}
      closeOnBackdrop
      className={r.has_receipt ? "admin-dialog-wide" : undefined}
    >
      <div className={r.has_receipt ? "admin-details-layout" : undefined}>
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
            <dd>
              <PhoneContact registrationId={r.id} phone={r.numero_responsavel} withTexts={coordination} />
            </dd>
          </div>
          <AuthorizationMark registration={r} onSaved={saved} />
          <div>
            <dt>Data da inscrição</dt>
            <dd>{formatDateTime(r.created_at)}</dd>
          </div>
          {r.referencia && (
            <div>
              <dt>Código da inscrição</dt>
              <dd className="admin-details-ref">{r.referencia}</dd>
            </div>
          )}
          <div>
            <dt>Forma de pagamento</dt>
            <dd>{METHOD_LABELS[r.metodo_pagamento]}</dd>
          </div>
          <div>
            <dt>Status do pagamento</dt>
            <dd className="admin-details-status">
              {/* A badge only while pending: the "✓ Pago" button says it alone. */}
              {r.status_pagamento === "pendente" && <StatusBadge registration={r} />}
              <PaidToggle registration={r} onSaved={saved} />
            </dd>
          </div>
          {coordination ? (
            <DeadlineActions registration={r} onSaved={saved} />
          ) : (
            r.prazo_pagamento && (
              <div>
                <dt>Prazo de pagamento</dt>
                <dd>
                  <DeadlineNote registration={r} />
                </dd>
              </div>
            )
          )}
          {!r.has_receipt && (
            <div>
              <dt>Comprovante</dt>
              <dd>Não enviado</dd>
            </div>
          )}
        </dl>
        {r.has_receipt && (
          <section className="admin-details-receipt" aria-labelledby={`${id}-receipt`}>
            <h3 id={`${id}-receipt`}>Comprovante</h3>
            <ReceiptView registration={r} />
            <ReceiptVersions registrationId={r.id} />
          </section>
        )}
      </div>
      {/* The person, then the money in one place (status, deadline, what was paid), then the rest. */}
      <PaymentRecords key={`pagamento-${r.id}-${r.status_pagamento}`} registration={r} onSaved={saved} />
      <dl className="admin-details">
        {coordination && <HealthNotes registrationId={r.id} />}
        {coordination && <PersonalLinkActions registration={r} />}
      </dl>
      <RegistrationHistory key={`${r.id}-${r.status_pagamento}`} registrationId={r.id} />
      <div className="admin-dialog-actions">
        <button type="button" className="admin-btn admin-btn-primary" onClick={onClose} data-autofocus>
          Fechar
        </button>
      </div>
    </ModalDialog>
  );
}
