import type { Registration } from "../../../../shared/api-types";
import { OFF_SEAT_LABELS, type SeatOverview, type SeatPlace, seatLabel } from "../../../../shared/seats";

/** An option's value: "vaga:<bus id>" ("vaga:" while no bus exists), "espera" or "desistente". */
export const placeValue = (p: SeatPlace) => (p.situacao === "vaga" ? `vaga:${p.onibus_id ?? ""}` : p.situacao);

export function placeOf(value: string): SeatPlace {
  if (value.startsWith("vaga:")) return { situacao: "vaga", onibus_id: value.slice(5) || null };
  return { situacao: value === "espera" ? "espera" : "desistente", onibus_id: null };
}

/** Leaving a seat for the waiting list hands that seat to the first in line: the save asks for a confirmation. */
export const needsConfirmation = (from: SeatPlace, to: SeatPlace) =>
  from.situacao === "vaga" && to.situacao === "espera";

interface Props {
  id: string;
  registration: Registration;
  overview: SeatOverview | null;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/**
 * Where the person goes: only buses with a free seat are offered (the current
 * one stays), the waiting list when it means something, and "Desistente".
 */
export function SeatField({ id, registration: r, overview, value, onChange, disabled }: Props) {
  const buses = overview?.onibus ?? [];
  const current = placeValue(r);
  const anyFree = buses.some((b) => b.livres > 0);
  // From a seat, the list is a swap with the first in line, so someone must be waiting.
  const listOffered =
    buses.length > 0 && (r.situacao === "espera" || (r.situacao === "vaga" ? (overview?.espera ?? 0) > 0 : !anyFree));
  const to = placeOf(value);
  return (
    <div className="admin-field">
      <label htmlFor={id}>Ônibus</label>
      <select id={id} name="onibus" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {buses.length === 0 && <option value="vaga:">Com vaga (sem ônibus cadastrado)</option>}
        {buses.map((b) => {
          const here = r.situacao === "vaga" && r.onibus_id === b.id;
          return (
            <option key={b.id} value={`vaga:${b.id}`} disabled={!here && b.livres <= 0}>
              {b.nome} {here ? "(atual)" : b.livres > 0 ? `(${b.livres} livres)` : "(lotado)"}
            </option>
          );
        })}
        {listOffered && (
          <option value="espera">{r.situacao === "espera" ? seatLabel(r) : OFF_SEAT_LABELS.espera}</option>
        )}
        <option value="desistente">{OFF_SEAT_LABELS.desistente} (libera a vaga)</option>
      </select>
      {value !== current && needsConfirmation(placeOf(current), to) && (
        <p className="admin-field-warning" role="alert">
          O lugar liberado vai para o 1º da lista de espera, e esta pessoa vai para o fim da lista.
        </p>
      )}
      {value !== current && to.situacao === "desistente" && r.situacao === "vaga" && (overview?.espera ?? 0) > 0 && (
        <p className="admin-field-hint">O 1º da lista de espera fica com o lugar.</p>
      )}
    </div>
  );
}
