import { useId, useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import type { RegistrationPage } from "../../../../shared/admin-api";
import type { SeatOverview } from "../../../../shared/seats";
import { MOBILE_BREAKPOINT_PX } from "../../../../shared/constants";
import { DeleteDialog } from "./delete-dialog";
import { DetailsDialog } from "./details-dialog";
import { EditDialog } from "./edit-dialog";
import { Pagination } from "./pagination";
import { RegistrationCards } from "./registration-cards";
import { RegistrationsTable } from "./registrations-table";
import { RegistrationsToolbar } from "./registrations-toolbar";
import { AddCompanionDialog } from "./add-companion-dialog";
import { type RowSelection, SelectionBar } from "./selection-bar";
import { useIsCoordination } from "../../../lib/admin-session";
import type { DialogKind } from "./row-actions";
import { useMediaQuery } from "../../../hooks/use-media-query";
import { useRegistrations } from "../hooks/use-registrations";
import "./registrations.css";

interface Props {
  /** Bumped by the refresh buttons and live events. */
  version: number;
  /** Buses and seats, for the bus filter and the edit dialog. */
  overview: SeatOverview | null;
  /** A row was changed or deleted here: refresh the list and the counters. */
  onChanged: () => void;
}

export function RegistrationsList({ version, overview, onChanged }: Props) {
  const id = useId();
  const list = useRegistrations(version);
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const [dialog, setDialog] = useState<{ kind: DialogKind; reg: Registration } | null>(null);
  const coordination = useIsCoordination();
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [addingCompanion, setAddingCompanion] = useState(false);
  const selection: RowSelection | null = selected && {
    ids: selected,
    toggle: (rid) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(rid)) next.add(rid);
        return next;
      }),
  };
  const close = () => setDialog(null);

  const saved = (reg: Registration) => {
    list.replaceItem(reg);
    onChanged();
  };

  const data = list.data;
  const firstLoad = data === null && list.loading;

  return (
    <section className="admin-card reg-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Inscrições</h2>
      <RegistrationsToolbar
        search={list.search}
        onSearch={list.setSearch}
        sort={list.sort}
        onSort={list.setSort}
        status={list.status}
        onStatus={list.setStatus}
        buses={overview?.onibus ?? []}
        onibus={list.onibus}
        onOnibus={list.setOnibus}
        exportQuery={{ q: list.q, status: list.status, sort: list.sort, onibus: list.onibus }}
      />
      {coordination && (
        <button
          type="button"
          className="admin-btn admin-btn-outline reg-add-companion"
          onClick={() => setAddingCompanion(true)}
        >
          Adicionar acompanhante
        </button>
      )}
      {addingCompanion && (
        <AddCompanionDialog
          onClose={() => setAddingCompanion(false)}
          onAdded={() => {
            setAddingCompanion(false);
            onChanged();
          }}
        />
      )}
      {coordination && (
        <SelectionBar
          active={selected !== null}
          ids={selected ?? new Set()}
          onStart={() => setSelected(new Set())}
          onStop={() => setSelected(null)}
          onChanged={onChanged}
        />
      )}
      <div className="reg-summary" aria-live="polite">
        {data && (
          <p>
            <span>{data.total} registro(s) encontrado(s)</span>
            {data.pageCount > 1 && (
              <span className="reg-page-of">
                Página {data.page} de {data.pageCount}
              </span>
            )}
          </p>
        )}
        {list.loading && !firstLoad && (
          <p className="reg-updating" role="status">
            <span className="admin-spinner" aria-hidden="true" /> Atualizando...
          </p>
        )}
      </div>
      <div className="reg-results" aria-busy={list.loading}>
        <Results
          firstLoad={firstLoad}
          data={data}
          searched={list.q !== ""}
          wide={wide}
          onOpen={(kind, reg) => setDialog({ kind, reg })}
          onSaved={saved}
          onRetry={onChanged}
          selection={selection}
        />
      </div>
      {data && <Pagination page={data.page} pageCount={data.pageCount} onPage={list.setPage} />}

      {dialog?.kind === "details" && <DetailsDialog registration={dialog.reg} onClose={close} onSaved={saved} />}
      {dialog?.kind === "edit" && (
        <EditDialog
          registration={dialog.reg}
          overview={overview}
          onClose={close}
          onSaved={(reg) => {
            close();
            saved(reg);
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteDialog
          registration={dialog.reg}
          onClose={close}
          onDeleted={() => {
            close();
            onChanged();
          }}
        />
      )}
    </section>
  );
}

/** What the list shows: loading, nothing found, the rows as a table or as cards, or a way to try again. */
function Results({
  firstLoad,
  data,
  searched,
  wide,
  onOpen,
  onSaved,
  onRetry,
  selection,
}: {
  selection: RowSelection | null;
  firstLoad: boolean;
  data: RegistrationPage | null;
  searched: boolean;
  wide: boolean;
  onOpen: (kind: DialogKind, reg: Registration) => void;
  onSaved: (reg: Registration) => void;
  onRetry: () => void;
}) {
  if (firstLoad) {
    return (
      <p className="reg-state" role="status">
        <span className="admin-spinner" aria-hidden="true" /> Carregando inscrições...
      </p>
    );
  }
  if (!data) {
    return (
      <div className="reg-state">
        <p>Não foi possível carregar as inscrições.</p>
        <button type="button" className="admin-btn admin-btn-outline" onClick={onRetry}>
          Tentar novamente
        </button>
      </div>
    );
  }
  if (data.items.length === 0) {
    return (
      <p className="reg-state">
        {searched ? "Nenhuma inscrição encontrada para o termo pesquisado" : "Nenhuma inscrição encontrada"}
      </p>
    );
  }
  const Rows = wide ? RegistrationsTable : RegistrationCards;
  return <Rows items={data.items} onOpen={onOpen} onSaved={onSaved} selection={selection} />;
}
