import { useId, useRef, useState } from "react";
import type { StatementLineView } from "../../../../shared/finance-views";
import { AdminField } from "../../../components/admin-field";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import { useDebounced } from "../../../hooks/use-debounced";
import { reportAdminError } from "../../../lib/admin-session";
import { searchRegistrations } from "../api/finance-api";
import { reais } from "../utils/money";
import { brDay } from "../../../../shared/dates";

type Found = Awaited<ReturnType<typeof searchRegistrations>>["items"];

/**
 * "Vincular": a registration still to pay, found by name or code, takes this
 * credit; or several ("Escolher"), when one PIX paid for siblings: the line is
 * split by what each owes, and the server refuses a sum that does not match.
 */
export function LinkLineDialog({
  line,
  busy,
  onCancel,
  onPick,
}: {
  line: StatementLineView;
  busy: boolean;
  onCancel: () => void;
  onPick: (registrationIds: string[]) => void;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found | null>(null);
  // Chosen across searches: a sibling may be found by another name.
  const [chosen, setChosen] = useState<Found>([]);
  const toggle = (r: Found[number]) =>
    setChosen((list) => (list.some((x) => x.id === r.id) ? list.filter((x) => x.id !== r.id) : [...list, r]));
  // Only the answer to the latest term is shown.
  const latest = useRef("");
  const search = useDebounced(() => {
    const term = latest.current;
    if (term.length < 2) return setFound(null);
    searchRegistrations(term)
      .then((page) => latest.current === term && setFound(page.items))
      .catch((e) => reportAdminError("Erro ao buscar inscrições", e));
  }, 250);
  const change = (value: string) => {
    setQ(value);
    latest.current = value.trim();
    search();
  };

  return (
    <ModalDialog title="Vincular a uma inscrição" onClose={onCancel} busy={busy}>
      <p>
        Crédito de <strong>{reais(line.valor_centavos)}</strong> em {brDay(line.data)}
        {line.pagador ? `, de ${line.pagador}` : ""}.
      </p>
      <AdminField
        id={`${id}-q`}
        label="Nome ou código da inscrição"
        hint="Um PIX pagou irmãos? Marque cada inscrição e toque em “Vincular às escolhidas”."
      >
        {(control) => (
          <input {...control} value={q} onChange={(e) => change(e.target.value)} data-autofocus autoComplete="off" />
        )}
      </AdminField>
      {found && found.length === 0 && <p role="status">Nenhuma inscrição pendente com esse nome ou código.</p>}
      {found && found.length > 0 && (
        <ul className="finance-candidates" aria-label="Inscrições encontradas">
          {found.map((r) => (
            <li key={r.id}>
              <label className="finance-check">
                <input
                  type="checkbox"
                  checked={chosen.some((x) => x.id === r.id)}
                  onChange={() => toggle(r)}
                  aria-label={`Escolher ${r.nome_completo}`}
                />
                <span>
                  {r.nome_completo} <small>{r.referencia}</small>
                </span>
              </label>
              {/* While several are ticked, only "Vincular às escolhidas" links: no tap links one by mistake. */}
              {chosen.length === 0 && (
                <button
                  type="button"
                  className="admin-btn admin-btn-success"
                  disabled={busy}
                  onClick={() => onPick([r.id])}
                  aria-label={`Vincular a ${r.nome_completo}`}
                >
                  Vincular
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 1 && (
        <div className="finance-chosen" role="status">
          <p>
            Um PIX para {chosen.length} inscrições: {chosen.map((r) => r.nome_completo).join(", ")}. O valor é dividido
            conforme o que cada uma deve.
          </p>
          <button
            type="button"
            className="admin-btn admin-btn-success"
            disabled={busy}
            onClick={() => onPick(chosen.map((r) => r.id))}
          >
            Vincular às {chosen.length} escolhidas
          </button>
        </div>
      )}
      <DialogActions onCancel={onCancel} busy={busy} />
    </ModalDialog>
  );
}
