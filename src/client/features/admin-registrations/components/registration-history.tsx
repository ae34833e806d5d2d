import { useEffect, useId, useState } from "react";
import type { ActivityEntry } from "../../../../shared/activity";
import { ActivityEntryView } from "../../../components/activity-entry";
import { adminApi } from "../../../lib/admin-session";

/** "Histórico": every change to this registration, newest first, with who made it. */
export function RegistrationHistory({ registrationId }: { registrationId: string }) {
  const id = useId();
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    adminApi<ActivityEntry[]>(`/api/registrations/${encodeURIComponent(registrationId)}/history`, { cache: "no-store" })
      .then((e) => live && setEntries(e))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [registrationId]);

  return (
    <section className="admin-details-history" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Histórico</h3>
      {failed ? (
        <p role="alert">Não foi possível carregar o histórico.</p>
      ) : entries === null ? (
        <p role="status">Carregando histórico...</p>
      ) : entries.length === 0 ? (
        <p>Nenhuma alteração registrada.</p>
      ) : (
        <ul className="activity-list">
          {entries.map((e) => (
            <ActivityEntryView key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
