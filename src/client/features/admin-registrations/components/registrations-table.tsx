import type { Registration } from "../../../../shared/api-types";
import { formatDateTime, METHOD_LABELS, phoneText } from "../utils/format";
import { CompanionBadge, DuplicateBadge } from "./duplicate-badge";
import { StatusBadge } from "./status-badge";
import { ReceiptMark, ReferenceCode } from "./receipt-mark";
import { type DialogKind, PaidToggle, RowActions } from "./row-actions";
import { SeatCell } from "./seat-cell";
import { type RowSelection, SelectBox } from "./selection-bar";

interface Props {
  items: Registration[];
  onOpen: (kind: DialogKind, reg: Registration) => void;
  onSaved: (reg: Registration) => void;
  /** "Selecionar": a checkbox on each row, for a message to the people chosen. */
  selection?: RowSelection | null;
}

/** From 768 px up. */
export function RegistrationsTable({ items, onOpen, onSaved, selection }: Props) {
  return (
    <div className="reg-table-wrap">
      <table className="reg-table">
        <caption className="admin-visually-hidden">Inscrições</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col">
                <span className="admin-visually-hidden">Selecionar</span>
              </th>
            )}
            <th scope="col">Nome</th>
            <th scope="col">Idade</th>
            <th scope="col">Número Responsável</th>
            <th scope="col">Pagamento</th>
            <th scope="col">Status</th>
            <th scope="col">Confirmação</th>
            <th scope="col">Ônibus</th>
            <th scope="col">Data da inscrição</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id}>
              {selection && (
                <td>
                  <SelectBox registration={r} selection={selection} />
                </td>
              )}
              <th scope="row" className="reg-name">
                {r.nome_completo}
              </th>
              <td>{r.idade}</td>
              <td className="reg-nowrap">{phoneText(r.numero_responsavel)}</td>
              <td>
                <span className="reg-method">
                  {METHOD_LABELS[r.metodo_pagamento]}
                  <ReferenceCode registration={r} />
                </span>
              </td>
              <td>
                <span className="reg-badges">
                  <StatusBadge registration={r} />
                  <ReceiptMark registration={r} />
                  <CompanionBadge registration={r} />
                  <DuplicateBadge registration={r} />
                </span>
              </td>
              <td>
                <PaidToggle registration={r} onSaved={onSaved} />
              </td>
              <td>
                <SeatCell registration={r} />
              </td>
              <td className="reg-nowrap">{formatDateTime(r.created_at)}</td>
              <td>
                <RowActions registration={r} onOpen={onOpen} withText={false} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
