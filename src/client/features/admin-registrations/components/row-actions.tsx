import type { ReactNode } from "react";
import type { Registration } from "../../../../shared/api-types";
import { StrokeIcon } from "../../../components/stroke-icon";
import { useIsCoordination } from "../../../lib/admin-session";
import { usePaidToggle } from "../hooks/use-paid-toggle";

export type DialogKind = "details" | "edit" | "delete";

/** 'Marcar Pago' while pending, 'Pago' once confirmed; a click flips it. */
export function PaidToggle({
  registration: r,
  onSaved,
}: {
  registration: Registration;
  onSaved: (reg: Registration) => void;
}) {
  const { busy, toggle } = usePaidToggle(onSaved);
  const paid = r.status_pagamento === "confirmado";

  return (
    <button
      type="button"
      className={`admin-btn reg-paid-toggle ${paid ? "admin-btn-success" : "admin-btn-outline"}`}
      onClick={() => void toggle(r)}
      disabled={busy}
      aria-busy={busy}
      title={paid ? "Pagamento confirmado. Clique para voltar a Pendente." : "Confirmar o pagamento"}
    >
      {busy ? (
        <span className="admin-spinner" aria-hidden="true" />
      ) : (
        <StrokeIcon weight={2.2}>{paid ? <path d="M5 12l5 5L20 7" /> : <circle cx="12" cy="12" r="8" />}</StrokeIcon>
      )}
      {paid ? "Pago" : "Marcar Pago"}
    </button>
  );
}

const ICONS: Record<DialogKind, ReactNode> = {
  details: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  edit: (
    <>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </>
  ),
  delete: (
    <>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </>
  ),
};

const LABELS: Record<DialogKind, { short: string; full: (name: string) => string }> = {
  details: { short: "Detalhes", full: (n) => `Detalhes de ${n}` },
  edit: { short: "Editar", full: (n) => `Editar inscrição de ${n}` },
  delete: { short: "Excluir", full: (n) => `Excluir inscrição de ${n}` },
};

/** Details, edit and delete. Icons only in the table; with words on the phone cards. */
export function RowActions({
  registration: r,
  onOpen,
  withText,
}: {
  registration: Registration;
  onOpen: (kind: DialogKind, reg: Registration) => void;
  withText: boolean;
}) {
  // Equipe opens the details; editing and deleting are Coordenação's.
  const kinds: DialogKind[] = useIsCoordination() ? ["details", "edit", "delete"] : ["details"];
  return (
    <div className="reg-actions">
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className={`admin-btn admin-btn-outline reg-action reg-action-${kind} ${withText ? "" : "admin-btn-icon"}`}
          aria-label={LABELS[kind].full(r.nome_completo)}
          title={withText ? undefined : LABELS[kind].short}
          onClick={() => onOpen(kind, r)}
        >
          <StrokeIcon>{ICONS[kind]}</StrokeIcon>
          {withText && LABELS[kind].short}
        </button>
      ))}
    </div>
  );
}
