import { type FormEvent, useId, useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { DEADLINE_MESSAGES } from "../../../../shared/deadlines";
import { plural } from "../../../../shared/plural";
import { dayIn, deadlineIn, instantIn, timeIn } from "../../../../shared/dates";
import { AdminField } from "../../../components/admin-field";
import { DialogActions } from "../../../components/dialog-actions";
import { ModalDialog } from "../../../components/modal-dialog";
import { ApiError } from "../../../lib/api";
import { appConfig } from "../../../lib/app-config";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { extendDeadline, extendDeadlines } from "../api/deadlines";

/** The time of day a deadline keeps when only the day changes; for a selection, the end of the day (decision 076). */
const timeOf = (iso: string | null, zone: string) => (iso ? timeIn(iso, zone) : "23:59");

/**
 * "Prorrogar prazo": a new day and time, in the event's zone, and why (the
 * history keeps it). For one registration, or for a selection at once.
 */
export function ExtendDeadlineDialog({
  people,
  onClose,
  onDone,
}: {
  people: { id: string; nome_completo: string; prazo_pagamento: string | null }[];
  onClose: () => void;
  /** With the registration as it is now, when there was one. */
  onDone: (saved: Registration | null) => void;
}) {
  const id = useId();
  const zone = appConfig().timeZone;
  const current = people.length === 1 ? people[0].prazo_pagamento : null;
  const start = new Date(Math.max(Date.now(), current ? Date.parse(current) : 0) + 7 * 86_400_000);
  const [day, setDay] = useState(dayIn(start, zone));
  const [time, setTime] = useState(timeOf(current, zone));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ field: "dia" | "motivo"; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!day || !/^\d{2}:\d{2}$/.test(time)) return setError({ field: "dia", message: DEADLINE_MESSAGES.date });
    const ate = instantIn(day, time, zone);
    if (Date.parse(ate) <= Date.now()) return setError({ field: "dia", message: DEADLINE_MESSAGES.inThePast });
    if (reason.trim().length < 2) return setError({ field: "motivo", message: DEADLINE_MESSAGES.reason });
    setError(null);
    setSaving(true);
    try {
      const saved =
        people.length === 1
          ? await extendDeadline(people[0].id, ate, reason.trim())
          : (await extendDeadlines(
              people.map((p) => p.id),
              ate,
              reason.trim(),
            )) && null;
      toast(
        "success",
        "Prazo prorrogado",
        `${people.length === 1 && people[0].nome_completo ? people[0].nome_completo : plural(people.length, "inscrição", "inscrições")}: pagar até ${deadlineIn(ate, zone)}.`,
      );
      onDone(saved);
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && (err.status === 400 || err.status === 409))
        setError({ field: "dia", message: err.message });
      else reportAdminError("Erro ao prorrogar o prazo", err);
    }
  }

  return (
    <ModalDialog title="Prorrogar prazo" onClose={onClose} busy={saving}>
      <form className="admin-edit-form" onSubmit={submit} noValidate>
        <p>
          {people.length === 1 && people[0].nome_completo
            ? current
              ? `${people[0].nome_completo} · hoje: pagar até ${deadlineIn(current, zone)}`
              : people[0].nome_completo
            : `${plural(people.length, "inscrição selecionada", "inscrições selecionadas")}. O novo prazo vale para quem ainda não pagou.`}
        </p>
        <div className="deadline-when">
          <AdminField id={`${id}-dia`} label="Novo dia" error={error?.field === "dia" ? error.message : null}>
            {(control) => (
              <input {...control} type="date" value={day} onChange={(e) => setDay(e.target.value)} data-autofocus />
            )}
          </AdminField>
          <AdminField id={`${id}-hora`} label="Hora">
            {(control) => <input {...control} type="time" value={time} onChange={(e) => setTime(e.target.value)} />}
          </AdminField>
        </div>
        <AdminField
          id={`${id}-motivo`}
          label="Motivo"
          hint="Fica no histórico, com o seu nome."
          error={error?.field === "motivo" ? error.message : null}
        >
          {(control) => (
            <input {...control} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          )}
        </AdminField>
        <DialogActions onCancel={onClose} busy={saving} action={{ label: "Prorrogar", busyLabel: "Salvando..." }} />
      </form>
    </ModalDialog>
  );
}
