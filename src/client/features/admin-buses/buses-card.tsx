import { useId, useState } from "react";
import { type Bus, busRemovalRefusal, type SeatOverview } from "../../../shared/seats";
import { ModalDialog } from "../../components/modal-dialog";
import { toast } from "../../lib/toast";
import { reportAdminError } from "../../lib/admin-session";
import { BusDialog } from "./bus-dialog";
import { removeBus } from "./buses-api";
import { DialogActions } from "../../components/dialog-actions";
import { Link } from "../../lib/router";
import "./buses.css";

interface Props {
  overview: SeatOverview | null;
  /** Something changed here: read the buses and the list again. */
  onChanged: () => void;
}

type Open = { kind: "add" } | { kind: "edit"; bus: Bus } | { kind: "remove"; bus: Bus };

/** "Ônibus e vagas": seats per bus and in total, and the waiting list. No bus: no limit. */
export function BusesCard({ overview, onChanged }: Props) {
  const id = useId();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const done = () => {
    close();
    onChanged();
  };
  const buses = overview?.onibus ?? [];

  return (
    <section className="admin-card bus-card" aria-labelledby={`${id}-title`}>
      <div className="admin-section-head">
        <h2 id={`${id}-title`}>Ônibus e vagas</h2>
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => setOpen({ kind: "add" })}>
          Adicionar ônibus
        </button>
      </div>
      {!overview ? (
        <p className="bus-empty" role="status">
          <span className="admin-spinner" aria-hidden="true" /> Carregando ônibus...
        </p>
      ) : buses.length === 0 ? (
        <p className="bus-empty">
          Nenhum ônibus cadastrado: as inscrições não têm limite. Adicione os ônibus para limitar as vagas e abrir a
          lista de espera.
        </p>
      ) : (
        <>
          <ul className="bus-list" aria-label="Ônibus">
            {buses.map((b) => (
              <li key={b.id} className="bus-item">
                <div className="bus-item-head">
                  <h3>{b.nome}</h3>
                  <div className="bus-item-actions">
                    <button
                      type="button"
                      className="admin-btn admin-btn-outline"
                      onClick={() => setOpen({ kind: "edit", bus: b })}
                      aria-label={`Editar ${b.nome}`}
                    >
                      Editar
                    </button>
                    <button
                      type="button"
                      className="admin-btn admin-btn-outline"
                      onClick={() => setOpen({ kind: "remove", bus: b })}
                      aria-label={`Remover ${b.nome}`}
                    >
                      Remover
                    </button>
                  </div>
                </div>
                <SeatNumbers lugares={b.lugares} ocupados={b.ocupados} livres={b.livres} />
                <meter
                  className="bus-meter"
                  min={0}
                  max={b.lugares}
                  value={b.ocupados}
                  aria-label={`${b.ocupados} de ${b.lugares} lugares ocupados`}
                />
              </li>
            ))}
          </ul>
          <div className="bus-total">
            <h3>Total</h3>
            <SeatNumbers
              lugares={overview.lugares}
              ocupados={overview.ocupados}
              livres={overview.livres}
              espera={overview.espera}
            />
          </div>
          <p className="bus-deadlines">
            Uma vaga não paga no prazo passa sozinha para o primeiro da lista de espera (
            <Link href="/admin/configuracoes">Configurações › Prazos</Link>). As inscrições vencidas aparecem no filtro
            “Vencidas” da lista.
          </p>
        </>
      )}

      {(open?.kind === "add" || open?.kind === "edit") && (
        <BusDialog
          bus={open.kind === "edit" ? open.bus : null}
          unassigned={buses.length === 0 ? (overview?.sem_onibus ?? 0) : 0}
          onClose={close}
          onSaved={done}
        />
      )}
      {open?.kind === "remove" && <RemoveBusDialog bus={open.bus} onClose={close} onRemoved={done} />}
    </section>
  );
}

function SeatNumbers(props: { lugares: number; ocupados: number; livres: number; espera?: number }) {
  return (
    <dl className="bus-numbers">
      <div>
        <dt>Lugares</dt>
        <dd>{props.lugares}</dd>
      </div>
      <div>
        <dt>Ocupados</dt>
        <dd>{props.ocupados}</dd>
      </div>
      <div>
        <dt>Livres</dt>
        <dd>{props.livres}</dd>
      </div>
      {props.espera !== undefined && (
        <div>
          <dt>Na lista de espera</dt>
          <dd>{props.espera}</dd>
        </div>
      )}
    </dl>
  );
}

function RemoveBusDialog({ bus, onClose, onRemoved }: { bus: Bus; onClose: () => void; onRemoved: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await removeBus(bus);
      toast("success", "Ônibus removido", `${bus.nome} foi removido.`);
      onRemoved();
    } catch (err) {
      reportAdminError("Erro ao remover o ônibus", err);
      setBusy(false);
    }
  }
  return (
    <ModalDialog title="Remover ônibus" onClose={onClose} busy={busy} describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="admin-delete-text">
        {bus.ocupados > 0 ? busRemovalRefusal(bus) : `Remover o ${bus.nome} (${bus.lugares} lugares)?`}
      </p>
      <DialogActions
        onCancel={onClose}
        cancelLabel={bus.ocupados > 0 ? "Fechar" : "Cancelar"}
        busy={busy}
        focusCancel
        action={bus.ocupados === 0 ? { label: "Remover", danger: true, onClick: remove } : undefined}
      />
    </ModalDialog>
  );
}
