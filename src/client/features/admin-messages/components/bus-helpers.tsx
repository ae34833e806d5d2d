import { useEffect, useState } from "react";
import type { MessageGroupCount } from "../../../../shared/message-lists";
import type { TeamMember } from "../../../../shared/team";
import { reportAdminError } from "../../../lib/admin-session";
import { toast } from "../../../lib/toast";
import { assignBusHelper, listHelpers } from "../api/messages-api";

/** Coordenação: who of Equipe takes care of each bus, and so may message its people. */
export function BusHelpers({ buses, onSaved }: { buses: MessageGroupCount[]; onSaved: () => void }) {
  const [helpers, setHelpers] = useState<TeamMember[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    listHelpers()
      .then(setHelpers)
      .catch((e) => reportAdminError("Erro ao carregar a equipe", e));
  }, []);
  if (buses.length === 0) return null;

  async function assign(bus: MessageGroupCount, value: string) {
    setBusy(bus.onibus_id);
    try {
      await assignBusHelper(bus.onibus_id as string, value ? Number(value) : null);
      const who = helpers?.find((h) => String(h.id) === value)?.nome;
      toast(
        "success",
        "Salvo",
        who ? `${who} agora envia as mensagens de “${bus.rotulo}”.` : `Ninguém da Equipe cuida de “${bus.rotulo}”.`,
      );
      onSaved();
    } catch (e) {
      reportAdminError("Erro ao salvar", e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="msg-helpers-title">
      <h2 id="msg-helpers-title">Quem da Equipe cuida de cada ônibus</h2>
      <p className="admin-card-note">
        A pessoa escolhida pode enviar mensagens às famílias do ônibus dela. Qualquer pessoa da Equipe pode continuar as
        listas que a Coordenação criar.
      </p>
      {helpers !== null && helpers.length === 0 && (
        <p className="admin-card-note">Ninguém na Equipe ainda: adicione pessoas na página Equipe.</p>
      )}
      {helpers !== null && helpers.length > 0 && (
        <div className="msg-helpers">
          {buses.map((bus) => (
            <div key={bus.onibus_id} className="admin-field">
              <label htmlFor={`msg-helper-${bus.onibus_id}`}>{bus.rotulo}</label>
              <select
                id={`msg-helper-${bus.onibus_id}`}
                value={bus.equipe_id === null ? "" : String(bus.equipe_id)}
                disabled={busy === bus.onibus_id}
                onChange={(e) => void assign(bus, e.target.value)}
              >
                <option value="">Ninguém</option>
                {helpers.map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.nome}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
