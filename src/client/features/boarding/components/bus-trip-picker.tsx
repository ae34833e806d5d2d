import { type BoardingBus, TRIP_LABELS, TRIPS } from "../../../../shared/boarding";
import type { Choice } from "../utils/roll-call-choice";

export const busKey = (b: BoardingBus) => b.id ?? "";

interface BusTripPickerProps {
  buses: BoardingBus[];
  bus: BoardingBus;
  choice: Choice;
  onChoose: (next: Choice) => void;
}

/** Which bus and which trip the roll call marks; the choice is kept on this phone (roll-call-choice.ts). */
export function BusTripPicker({ buses, bus, choice, onChoose }: BusTripPickerProps) {
  const trip = choice.viagem;
  return (
    <>
      <div className="admin-field rc-bus">
        <label htmlFor="rc-onibus">Ônibus</label>
        <select
          id="rc-onibus"
          value={busKey(bus)}
          onChange={(e) => onChoose({ ...choice, onibus: e.target.value || null })}
        >
          {buses.map((b) => (
            <option key={busKey(b)} value={busKey(b)}>
              {b.nome}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="rc-trip">
        <legend>Viagem</legend>
        {TRIPS.map((t) => (
          <label key={t} className={t === trip ? "is-on" : undefined}>
            <input
              type="radio"
              name="viagem"
              value={t}
              checked={t === trip}
              onChange={() => onChoose({ ...choice, viagem: t })}
            />
            {TRIP_LABELS[t]}
          </label>
        ))}
      </fieldset>
    </>
  );
}
