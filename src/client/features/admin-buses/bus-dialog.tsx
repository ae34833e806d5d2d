import { type FormEvent, useId, useState } from "react";
import {
  BUS_NAME_MAX,
  BUS_SEATS_MAX,
  BUS_SEATS_MIN,
  type Bus,
  type BusSaved,
  busBodySchema,
  peopleCount,
} from "../../../shared/seats";
import { maskPhone } from "../../../shared/phone";
import { AdminField } from "../../components/admin-field";
import { DialogActions } from "../../components/dialog-actions";
import { ModalDialog } from "../../components/modal-dialog";
import { toast } from "../../lib/toast";
import { reportAdminError } from "../../lib/admin-session";
import { saveBus } from "./buses-api";
import { agree } from "../../../shared/plural";

interface Props {
  /** The bus to edit; null adds one. */
  bus: Bus | null;
  /** Registrations exist but no bus yet: adding one places them. */
  unassigned: number;
  onClose: () => void;
  onSaved: () => void;
}

/** What a save did to people, said in the toast: nobody moves silently. */
function movedText(saved: BusSaved): string {
  const parts: string[] = [];
  const one = (n: number, singular: string, plural: string) => `${peopleCount(n)} ${agree(n, singular, plural)}`;
  if (saved.promovidos > 0) parts.push(`${one(saved.promovidos, "saiu", "saíram")} da lista de espera.`);
  if (saved.para_espera > 0) parts.push(`${one(saved.para_espera, "foi", "foram")} para a lista de espera.`);
  return parts.join(" ");
}

const FIELDS = ["nome", "lugares", "responsavel_nome", "responsavel_telefone"] as const;
type Field = (typeof FIELDS)[number];

export function BusDialog({ bus, unassigned, onClose, onSaved }: Props) {
  const id = useId();
  const [nome, setNome] = useState(bus?.nome ?? "");
  const [lugares, setLugares] = useState(bus ? String(bus.lugares) : "46");
  const [leader, setLeader] = useState(bus?.responsavel_nome ?? "");
  const [leaderPhone, setLeaderPhone] = useState(bus?.responsavel_telefone ? maskPhone(bus.responsavel_telefone) : "");
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    const parsed = busBodySchema.safeParse({
      nome,
      lugares,
      responsavel_nome: leader,
      responsavel_telefone: leaderPhone,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = (FIELDS as readonly string[]).includes(String(issue.path[0]))
        ? (issue.path[0] as Field)
        : "lugares";
      setError({ field, message: issue.message });
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const saved = await saveBus(bus, parsed.data);
      const summary = `${saved.onibus.nome}: ${saved.onibus.lugares} lugares. ${movedText(saved)}`.trim();
      toast("success", bus ? "Ônibus atualizado" : "Ônibus adicionado", summary);
      onSaved();
    } catch (err) {
      reportAdminError("Erro ao salvar o ônibus", err);
      setSaving(false);
    }
  }

  const errorAt = (field: Field) => (error?.field === field ? error.message : null);

  return (
    <ModalDialog title={bus ? `Editar ${bus.nome}` : "Adicionar ônibus"} onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <AdminField id={`${id}-nome`} label="Nome do ônibus" error={errorAt("nome")}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={BUS_NAME_MAX}
              placeholder="Ônibus 1"
              value={nome}
              onChange={(e) => setNome(e.target.value)}
              data-autofocus
            />
          )}
        </AdminField>
        <AdminField
          id={`${id}-lugares`}
          label="Lugares"
          hint={
            bus && bus.ocupados > 0
              ? `${peopleCount(bus.ocupados)} neste ônibus: não dá para ter menos lugares que isso.`
              : undefined
          }
          error={errorAt("lugares")}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={BUS_SEATS_MIN}
              max={BUS_SEATS_MAX}
              step={1}
              value={lugares}
              onChange={(e) => setLugares(e.target.value)}
            />
          )}
        </AdminField>
        <AdminField
          id={`${id}-responsavel_nome`}
          label="Responsável pelo ônibus"
          hint="O adulto que será indicado na autorização de viagem dos menores de 16 anos."
          error={errorAt("responsavel_nome")}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={80}
              value={leader}
              onChange={(e) => setLeader(e.target.value)}
            />
          )}
        </AdminField>
        <AdminField
          id={`${id}-responsavel_telefone`}
          label="Telefone do responsável (opcional)"
          error={errorAt("responsavel_telefone")}
        >
          {(control) => (
            <input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="(99) 99999-9999"
              value={leaderPhone}
              onChange={(e) => setLeaderPhone(maskPhone(e.target.value))}
            />
          )}
        </AdminField>
        {!bus && unassigned > 0 && (
          <p className="admin-field-warning">
            Já há {peopleCount(unassigned)} inscritas sem ônibus. Elas entram nos ônibus pela ordem de inscrição; quem
            não couber vai para a lista de espera.
          </p>
        )}
        <DialogActions onCancel={onClose} busy={saving} action={{ label: "Salvar", busyLabel: "Salvando..." }} />
      </form>
    </ModalDialog>
  );
}
