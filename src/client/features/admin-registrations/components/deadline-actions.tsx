import { useState } from "react";
import type { Registration } from "../../../../shared/api-types";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { giveSeatBack, releaseSeat } from "../api/deadlines";
import { DeadlineNote, deadlineState } from "./deadline-note";
import { ExtendDeadlineDialog } from "./extend-deadline-dialog";

/**
 * The details' "Prazo de pagamento" (Coordenação): the deadline, and what can
 * be done with it: "Prorrogar prazo" while the seat waits for money, "Liberar
 * vaga" once the deadline and the statement's tolerance passed (the server
 * refuses it before), "Devolver vaga" for a Vencida.
 */
export function DeadlineActions({
  registration: r,
  onSaved,
}: {
  registration: Registration;
  onSaved: (reg: Registration) => void;
}) {
  const [extending, setExtending] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = deadlineState(r);
  if (state === "nenhum") return null;

  async function run(action: () => Promise<Registration>, title: string, done: (reg: Registration) => string) {
    setBusy(true);
    try {
      const saved = await action();
      toast("success", title, done(saved));
      onSaved(saved);
    } catch (err) {
      reportAdminError(`Erro: ${title.toLowerCase()}`, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <dt>Prazo de pagamento</dt>
      <dd className="deadline-actions">
        <DeadlineNote registration={r} />
        {state !== "vencida" && (
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            disabled={busy}
            onClick={() => setExtending(true)}
          >
            Prorrogar prazo
          </button>
        )}
        {state === "liberavel" && (
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            disabled={busy}
            onClick={() =>
              void run(
                () => releaseSeat(r.id),
                "Vaga liberada",
                (s) => `${s.nome_completo}: a vaga passou para a lista de espera.`,
              )
            }
          >
            Liberar vaga
          </button>
        )}
        {state === "vencida" && (
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              void run(
                () => giveSeatBack(r.id),
                "Vaga devolvida",
                (s) =>
                  s.situacao === "vaga"
                    ? `${s.nome_completo} voltou para ${s.onibus_nome ?? "uma vaga"}, com um novo prazo.`
                    : `${s.nome_completo} é a primeira da lista de espera.`,
              )
            }
          >
            {busy ? "Devolvendo..." : "Devolver vaga"}
          </button>
        )}
      </dd>
      {extending && (
        <ExtendDeadlineDialog
          people={[r]}
          onClose={() => setExtending(false)}
          onDone={(saved) => {
            setExtending(false);
            if (saved) onSaved(saved);
          }}
        />
      )}
    </div>
  );
}
