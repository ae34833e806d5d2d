import { ACTIVITY_FIELD_LABELS, type ActivityEntry, activityActor, activityValue } from "../../shared/activity";
import { dateTimeIn } from "../../shared/dates";
import { appConfig } from "../lib/app-config";
import "./activity-entry.css";

export const activityTime = (iso: string) => dateTimeIn(iso, appConfig().timeZone);

/** One entry of the log: when, who, what, and each value before → after. */
export function ActivityEntryView({ entry }: { entry: ActivityEntry }) {
  const keys = [...new Set([...Object.keys(entry.antes ?? {}), ...Object.keys(entry.depois ?? {})])];
  const changed = entry.antes !== null && entry.depois !== null;
  return (
    <li className="activity-entry">
      <p className="activity-head">
        <time dateTime={entry.em}>{activityTime(entry.em)}</time>
        <span className="activity-who">{activityActor(entry.ator_nome)}</span>
      </p>
      <p className="activity-what">{entry.resumo}</p>
      {changed && keys.length > 0 && (
        <ul className="activity-changes">
          {keys.map((k) => (
            <li key={k}>
              {ACTIVITY_FIELD_LABELS[k] ?? k}: {activityValue(entry.antes?.[k], k)} →{" "}
              {activityValue(entry.depois?.[k], k)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
