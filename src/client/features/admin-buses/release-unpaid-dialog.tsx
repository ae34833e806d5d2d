import { type FormEvent, useId, useState } from "react";
import type { UnpaidSeat } from "../../../shared/seats";
import { ModalDialog } from "../../components/modal-dialog";
import { toast } from "../../lib/toast";
import { dateTimeIn, startOfDayIn } from "../../../shared/time-zone";
import { reportAdminError } from "../../lib/admin-session";
import { appConfig } from "../../lib/app-config";
import { DialogActions } from "../../components/dialog-actions";
import { listUnpaid, releaseUnpaid } from "./buses-api";

/** The start of a day in the event's zone, as the cut-off the server compares with. */
const startOfDay = (date: string) => startOfDayIn(date, appConfig().timeZone);

const dateTime = (iso: string) => dateTimeIn(iso, appConfig().timeZone);

/**
 * "Liberar vagas não pagas": pick a date, see who registered before it and
 * has not paid, and only then confirm. Nothing happens by itself.
 */
export function ReleaseUnpaidDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const id = useId();
  const [date, setDate] = useState("");
  const [list, setList] = useState<{ before: string; items: UnpaidSeat[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function search(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setError("Escolha a data.");
      return;
    }
    setError("");
    setBusy(true);
    try {
      const before = startOfDay(date);
      setList({ before, items: await listUnpaid(before) });
    } catch (err) {
      reportAdminError("Erro ao buscar inscrições não pagas", err);
    } finally {
      setBusy(false);
    }
  }

  async function release() {
    if (!list || list.items.length === 0) return;
    setBusy(true);
    try {
      const { liberadas } = await releaseUnpaid(
        list.before,
        list.items.map((i) => i.id),
      );
      toast(
        "success",
        "Vagas liberadas",
        `${liberadas} ${liberadas === 1 ? "inscrição marcada" : "inscrições marcadas"} como desistente. A lista de espera andou.`,
      );
      onDone();
    } catch (err) {
      reportAdminError("Erro ao liberar as vagas", err);
      setBusy(false);
    }
  }

  return (
    <ModalDialog title="Liberar vagas não pagas" onClose={onClose} busy={busy}>
      <form className="admin-edit-form" onSubmit={search} noValidate>
        <p className="admin-field-hint">
          Quem se inscreveu antes da data e ainda não pagou vira desistente, e a lista de espera anda. Você confere a
          lista antes.
        </p>
        <div className="admin-field">
          <label htmlFor={`${id}-date`}>Inscritos antes de</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setList(null);
            }}
            aria-invalid={error ? true : undefined}
            data-autofocus
          />
          {error && <p className="admin-field-error">{error}</p>}
        </div>
        <button type="submit" className="admin-btn admin-btn-outline" disabled={busy}>
          Ver inscrições não pagas
        </button>
      </form>
      {list && (
        <div className="bus-release-list" aria-live="polite">
          {list.items.length === 0 ? (
            <p>Nenhuma inscrição pendente antes dessa data.</p>
          ) : (
            <>
              <p>
                <strong>{list.items.length}</strong>{" "}
                {list.items.length === 1 ? "inscrição pendente" : "inscrições pendentes"}:
              </p>
              <ul>
                {list.items.map((i) => (
                  <li key={i.id}>
                    <span>{i.nome_completo}</span>
                    <small>
                      {i.onibus ?? "Sem ônibus"} · {dateTime(i.created_at)}
                    </small>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <DialogActions
        onCancel={onClose}
        busy={busy}
        action={
          list && list.items.length > 0
            ? {
                label: list.items.length === 1 ? "Liberar 1 vaga" : `Liberar ${list.items.length} vagas`,
                danger: true,
                onClick: release,
              }
            : undefined
        }
      />
    </ModalDialog>
  );
}
