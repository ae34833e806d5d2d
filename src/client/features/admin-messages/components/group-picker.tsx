import type { MessageGroupCount } from "../../../../shared/message-lists";
import { agree, plural } from "../../../../shared/plural";

export interface GroupChoice {
  grupo: MessageGroupCount["grupo"];
  onibus_id: string | null;
}

const keyOf = (g: GroupChoice) => `${g.grupo}:${g.onibus_id ?? ""}`;

const people = (n: number) => plural(n, "pessoa", "pessoas");

/** Step 1, "Para quem": each group with its count before anything is sent. */
export function GroupPicker({
  groups,
  selected,

  value,
  onChange,
}: {
  groups: MessageGroupCount[];
  /** Registrations chosen with "Selecionar" in the list, if any. */
  selected: number;
  value: GroupChoice | null;
  onChange: (g: GroupChoice) => void;
}) {
  const options: { choice: GroupChoice; label: string; detail: string; disabled: boolean }[] = groups.map((g) => ({
    choice: { grupo: g.grupo, onibus_id: g.onibus_id },
    label: g.rotulo,
    detail:
      people(g.pessoas) +
      (g.sem_mensagens > 0 ? ` · ${g.sem_mensagens} não ${agree(g.sem_mensagens, "quer", "querem")} mensagens` : ""),
    disabled: g.pessoas === 0,
  }));
  if (selected > 0) {
    options.unshift({
      choice: { grupo: "selecionados", onibus_id: null },
      label: "Selecionados na lista",
      detail: people(selected),
      disabled: false,
    });
  }
  return (
    <fieldset className="msg-groups">
      <legend>1. Para quem</legend>
      {options.length === 0 && (
        <p className="admin-card-note">Você ainda não cuida de nenhum ônibus. Peça à Coordenação.</p>
      )}
      {options.map((o) => (
        <label key={keyOf(o.choice)} className={o.disabled ? "msg-group msg-group-empty" : "msg-group"}>
          <input
            type="radio"
            name="msg-grupo"
            checked={value !== null && keyOf(value) === keyOf(o.choice)}
            disabled={o.disabled}
            onChange={() => onChange(o.choice)}
          />
          <span className="msg-group-label">{o.label}</span>
          <span className="msg-group-count">{o.detail}</span>
        </label>
      ))}
    </fieldset>
  );
}
