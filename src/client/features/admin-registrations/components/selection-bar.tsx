import type { Registration } from "../../../../shared/api-types";
import { setMessageSelection } from "../../../lib/message-selection";
import { navigate } from "../../../lib/router";

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
 * "Enviar mensagem" takes them to "Mensagens" (ids only, for this tab).
 */
export function SelectionBar({
  active,
  ids,
  onStart,
  onStop,
}: {
  active: boolean;
  ids: ReadonlySet<string>;
  onStart: () => void;
  onStop: () => void;
}) {
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
      <span role="status">{count === 1 ? "1 inscrição selecionada" : `${count} inscrições selecionadas`}</span>
      <button type="button" className="admin-btn admin-btn-outline" onClick={onStop}>
        Cancelar
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
    </fieldset>
  );
}
