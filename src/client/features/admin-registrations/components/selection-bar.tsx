import { useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { ExtendDeadlineDialog } from "./extend-deadline-dialog";
import { setMessageSelection } from "../../../lib/message-selection";
import { navigate } from "../../../lib/router";
import { plural } from "../../../../shared/plural";

export interface RowSelection {
  ids: ReadonlySet<string>;
  toggle: (id: string) => void;
}

/** The checkbox of one row or card while "Selecionar" is on. */
export function SelectBox({ registration, selection }: { registration: Registration; selection: RowSelection }) {
  // The label around it is the tap target: 44 px, not the box's 22.
  return (
    <label className="reg-select-target">
      <input
        type="checkbox"
        className="reg-select-box"
        checked={selection.ids.has(registration.id)}
        onChange={() => selection.toggle(registration.id)}
        aria-label={`Selecionar ${registration.nome_completo}`}
      />
    </label>
  );
}

/**
 * "Selecionar" on the list: choose people across pages and filters, then
 * "Escrever mensagem" takes them to "Mensagens" (ids only, for this tab), or
 * "Prorrogar prazo" gives them all one new deadline.
 */
export function SelectionBar({
  active,
  ids,
  onStart,
  onStop,
  onChanged,
}: {
  active: boolean;
  ids: ReadonlySet<string>;
  onStart: () => void;
  onStop: () => void;
  /** "Prorrogar prazo" changed the people chosen. */
  onChanged: () => void;
}) {
  const [extending, setExtending] = useState(false);
  const count = ids.size;
  if (!active) {
    return (
      <button type="button" className="admin-btn admin-btn-outline reg-select-start" onClick={onStart}>
        Selecionar
      </button>
    );
  }
  return (
    <fieldset className="reg-select-bar">
      <legend className="admin-visually-hidden">Seleção</legend>
      <span role="status">{plural(count, "inscrição selecionada", "inscrições selecionadas")}</span>
      <button type="button" className="admin-btn admin-btn-outline" onClick={onStop}>
        Cancelar
      </button>
      <button
        type="button"
        className="admin-btn admin-btn-outline"
        disabled={count === 0}
        onClick={() => setExtending(true)}
      >
        Prorrogar prazo
      </button>
      <button
        type="button"
        className="admin-btn admin-btn-primary"
        disabled={count === 0}
        onClick={() => {
          setMessageSelection([...ids]);
          onStop();
          navigate("/admin/mensagens");
        }}
      >
        Escrever mensagem
      </button>
      {extending && (
        <ExtendDeadlineDialog
          people={[...ids].map((id) => ({ id, nome_completo: "", prazo_pagamento: null }))}
          onClose={() => setExtending(false)}
          onDone={() => {
            setExtending(false);
            onStop();
            onChanged();
          }}
        />
      )}
    </fieldset>
  );
}
