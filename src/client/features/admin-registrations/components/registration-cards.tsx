import type { Registration } from "../../../../shared/api-types";
import { PhoneContact } from "../../../components/phone-contact";
import { formatDateTime, METHOD_LABELS } from "../utils/format";
import { ReceiptMark, ReferenceCode } from "./receipt-mark";
import { CompanionBadge, DuplicateBadge } from "./duplicate-badge";
import { StatusBadge } from "./status-badge";
import { type DialogKind, PaidToggle, RowActions } from "./row-actions";
import { SeatCell } from "./seat-cell";
import { useIsCoordination } from "../../../lib/admin-session";
import { type RowSelection, SelectBox } from "./selection-bar";

interface Props {
  items: Registration[];
  onOpen: (kind: DialogKind, reg: Registration) => void;
  onSaved: (reg: Registration) => void;
  /** "Selecionar": a checkbox on each card, for a message to the people chosen. */
  selection?: RowSelection | null;
}

/** Below 768 px: one card per registration, the same actions as the table. */
export function RegistrationCards({ items, onOpen, onSaved, selection }: Props) {
  const coordination = useIsCoordination();
  return (
    <ul className="reg-cards" aria-label="Inscrições">
      {items.map((r) => (
        <li key={r.id} className="reg-card">
          <div className="reg-card-head">
            {selection && <SelectBox registration={r} selection={selection} />}
            <h3 className="reg-name">{r.nome_completo}</h3>
            <span className="reg-badges">
              <StatusBadge registration={r} />
              <ReceiptMark registration={r} />
              <CompanionBadge registration={r} />
              <DuplicateBadge registration={r} />
            </span>
          </div>
          <dl className="reg-card-facts">
            <div>
              <dt>Idade</dt>
              <dd>{r.idade} anos</dd>
            </div>
            <div>
              <dt>Pagamento</dt>
              <dd className="reg-method">
                {METHOD_LABELS[r.metodo_pagamento]}
                <ReferenceCode registration={r} />
              </dd>
            </div>
            <div>
              <dt>Número Responsável</dt>
              <dd>
                <PhoneContact registrationId={r.id} phone={r.numero_responsavel} withTexts={coordination} />
              </dd>
            </div>
            <div>
              <dt>Ônibus</dt>
              <dd>
                <SeatCell registration={r} />
              </dd>
            </div>
            <div>
              <dt>Data da inscrição</dt>
              <dd>{formatDateTime(r.created_at)}</dd>
            </div>
          </dl>
          <PaidToggle registration={r} onSaved={onSaved} />
          <RowActions registration={r} onOpen={onOpen} withText />
        </li>
      ))}
    </ul>
  );
}
