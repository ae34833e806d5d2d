import { useId } from "react";
import type { RegistrationStats } from "../../../shared/admin-api";
import { agree } from "../../../shared/plural";
import type { SeatOverview } from "../../../shared/seats";
import { RefreshIcon } from "./dashboard-header";

interface Props {
  stats: RegistrationStats | null;
  /** The seats line, once buses exist. */
  seats: SeatOverview | null;
  loading: boolean;
  onRefresh: () => void;
}

const COUNTERS: { key: keyof RegistrationStats; label: string; tone: string }[] = [
  { key: "total", label: "Total", tone: "blue" },
  { key: "pendentes", label: "Pendentes", tone: "amber" },
  { key: "confirmados", label: "Confirmados", tone: "green" },
  { key: "pix", label: "PIX", tone: "teal" },
  { key: "especie", label: "Espécie", tone: "violet" },
];

export function StatsSection({ stats, seats, loading, onRefresh }: Props) {
  const id = useId();
  return (
    <section className="admin-stats" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <div className="admin-section-head">
        <h2 id={`${id}-title`}>Estatísticas</h2>
        <button type="button" className="admin-btn admin-btn-outline" onClick={onRefresh} disabled={loading}>
          <RefreshIcon spinning={loading} />
          Atualizar Dados
        </button>
      </div>
      <dl className="admin-stats-grid">
        {COUNTERS.map((c) => (
          <div key={c.key} className={`admin-stat admin-stat-${c.tone}`}>
            <dt>{c.label}</dt>
            <dd>{stats ? stats[c.key] : "—"}</dd>
          </div>
        ))}
      </dl>
      {seats && seats.onibus.length > 0 && (
        <p className="admin-seats-line">
          Vagas: <strong>{seats.lugares}</strong> {agree(seats.lugares, "lugar", "lugares")} ·{" "}
          <strong>{seats.ocupados}</strong> {agree(seats.ocupados, "ocupado", "ocupados")} ·{" "}
          <strong>{seats.livres}</strong> {agree(seats.livres, "livre", "livres")} · <strong>{seats.espera}</strong> na
          lista de espera
        </p>
      )}
    </section>
  );
}
