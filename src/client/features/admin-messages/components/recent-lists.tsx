import { type MessageListSummary, progressText } from "../../../../shared/message-lists";
import { dateTimeIn } from "../../../../shared/dates";
import { useAppConfig } from "../../../lib/app-config";
import { Link } from "../../../lib/router";

/** Lists made before: taken up again from any phone, where they were left. */
export function RecentLists({ lists }: { lists: MessageListSummary[] }) {
  const { timeZone } = useAppConfig();
  if (lists.length === 0) return null;
  return (
    <section className="admin-card" aria-labelledby="msg-recent-title">
      <h2 id="msg-recent-title">Listas recentes</h2>
      <ul className="msg-recent">
        {lists.map((l) => (
          <li key={l.id}>
            <Link href={`/admin/mensagens?lista=${l.id}`} className="msg-recent-link">
              <strong>
                {l.texto_titulo} · {l.rotulo}
              </strong>
              <span>
                {progressText(l.enviadas, l.total)} · {l.criada_por}, {dateTimeIn(l.criada_em, timeZone)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
