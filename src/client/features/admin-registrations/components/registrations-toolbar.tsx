import { useId, useState } from "react";
import {
  SORT_LABELS,
  SORTS,
  type Sort,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
} from "../../../../shared/admin-api";
import type { Bus } from "../../../../shared/seats";
import { StrokeIcon } from "../../../components/stroke-icon";
import { toast } from "../../../lib/toast";
import { reportAdminError } from "../../../lib/admin-session";
import { downloadExport, type ExportKind, type FilterQuery } from "../api/registrations-api";
import { useIsCoordination } from "../../../lib/admin-session";
import { useAppConfig } from "../../../lib/app-config";

interface Props {
  search: string;
  onSearch: (value: string) => void;
  sort: Sort;
  onSort: (value: Sort) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  /** The buses to filter by; none configured, no filter shown. */
  buses: Bus[];
  onibus: string;
  onOnibus: (id: string) => void;
  /** The filters the export uses: the debounced search, not the half-typed one. */
  exportQuery: FilterQuery;
}

export function RegistrationsToolbar(props: Props) {
  const coordination = useIsCoordination();
  const { travelAuthorization } = useAppConfig();
  const { search, onSearch, sort, onSort, status, onStatus, buses, onibus, onOnibus, exportQuery } = props;
  const id = useId();
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  /** Health notes are sensitive: in the file only when ticked (decision 037). */
  const [withHealth, setWithHealth] = useState(false);

  async function runExport(kind: ExportKind) {
    setExporting(kind);
    toast(
      "info",
      "Exportando...",
      kind === "xlsx" ? "Gerando a planilha com os filtros atuais." : "Gerando o arquivo CSV com os filtros atuais.",
    );
    try {
      const name = await downloadExport(kind, exportQuery, withHealth);
      toast("success", "Exportação concluída", `Arquivo ${name} baixado.`);
    } catch (e) {
      reportAdminError("Erro ao exportar as inscrições", e);
    } finally {
      setExporting(null);
    }
  }

  return (
    <div className="reg-toolbar">
      <div className="reg-search">
        <label htmlFor={`${id}-q`}>Buscar por nome</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Digite um nome..."
          autoComplete="off"
          maxLength={120}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <div className="reg-select">
        <label htmlFor={`${id}-sort`}>Ordenar por</label>
        <select id={`${id}-sort`} value={sort} onChange={(e) => onSort(e.target.value as Sort)}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="reg-select">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={status} onChange={(e) => onStatus(e.target.value as StatusFilter)}>
          {STATUS_FILTERS.filter((s) => s !== "sem_autorizacao" || travelAuthorization).map((s) => (
            <option key={s} value={s}>
              {STATUS_FILTER_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {buses.length > 0 && (
        <div className="reg-select">
          <label htmlFor={`${id}-bus`}>Ônibus</label>
          <select id={`${id}-bus`} value={onibus} onChange={(e) => onOnibus(e.target.value)}>
            <option value="">Todos os ônibus</option>
            {buses.map((b) => (
              <option key={b.id} value={b.id}>
                {b.nome}
              </option>
            ))}
          </select>
        </div>
      )}
      {coordination && (
        <div className="reg-export">
          <button
            type="button"
            className="admin-btn admin-btn-success"
            onClick={() => runExport("xlsx")}
            disabled={exporting !== null}
            aria-busy={exporting === "xlsx"}
          >
            {exporting === "xlsx" ? <span className="admin-spinner" aria-hidden="true" /> : <DownloadIcon />}
            Exportar Excel
          </button>
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            onClick={() => runExport("csv")}
            disabled={exporting !== null}
            aria-busy={exporting === "csv"}
          >
            {exporting === "csv" ? <span className="admin-spinner" aria-hidden="true" /> : <DownloadIcon />}
            Exportar CSV
          </button>
          <label className="reg-export-health">
            <input type="checkbox" checked={withHealth} onChange={(e) => setWithHealth(e.target.checked)} /> Incluir
            cuidados de saúde
          </label>
        </div>
      )}
    </div>
  );
}

function DownloadIcon() {
  return (
    <StrokeIcon>
      <path d="M12 3v12" />
      <path d="M7 10l5 5 5-5" />
      <path d="M5 21h14" />
    </StrokeIcon>
  );
}
