import { useState } from "react";
import type { StatementLineView } from "../../../../shared/finance-views";
import { LinkLineDialog } from "./link-line-dialog";
import { StatementLineItem } from "./statement-line-item";
import { useStatementLineActions } from "../hooks/use-statement-line-actions";

/** A list of statement lines with their actions; a resolved line changes in place. */
export function StatementLinesList({
  lines,
  label,
  onChanged,
}: {
  lines: StatementLineView[];
  label: string;
  onChanged: (line: StatementLineView) => void;
}) {
  const actions = useStatementLineActions(onChanged);
  const [linking, setLinking] = useState<StatementLineView | null>(null);
  if (!lines.length) return null;
  return (
    <>
      <ul className="finance-lines" aria-label={label}>
        {lines.map((line) => (
          <StatementLineItem
            key={line.id}
            line={line}
            busy={actions.busyId === line.id}
            onConfirm={(id) => void actions.confirm(line, [id])}
            onLink={() => setLinking(line)}
            onIgnore={() => void actions.ignore(line)}
          />
        ))}
      </ul>
      {linking && (
        <LinkLineDialog
          line={linking}
          busy={actions.busyId === linking.id}
          onCancel={() => setLinking(null)}
          onPick={async (ids) => {
            if (await actions.confirm(linking, ids)) setLinking(null);
          }}
        />
      )}
    </>
  );
}
