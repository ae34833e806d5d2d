import type { Queryable } from "./database";

/**
 * What the TypeScript tells the triggers about the transaction it runs in.
 * Each is a `set_config(…, true)`: it ends with the transaction. This is the
 * one place that sets them (caravana.onibus_tomados excepted, which the
 * database keeps for itself); docs/schema.md lists, for each, the triggers that
 * read it (generated from the database: db/schema-doc.ts).
 */
export const TRANSACTION_FLAGS = {
  "caravana.ator_id": "The panel member making the change: the activity log's `ator_id` (activity/actor-database.ts).",
  "caravana.ator_nome":
    "Their name as the log shows it, or 'visitante' for the public form (activity/actor-database.ts, registrations/create-registration.ts).",
  "caravana.origem":
    "'formulario' when the public form inserts: the log says the person registered themselves (registrations/create-registration.ts).",
  "caravana.pagamento":
    "JSON of this transaction's payment changes, which the database turns into payment records: `origem` ('chamada', 'extrato', 'ajuste'), a statement's `linhas` (registration → line and amount), an adjustment's `motivo` (payments/, finance/; decision 040).",
  "caravana.motivo":
    'Why the coordination did what it did, for the log: a deadline extended ("Prorrogar prazo", deadlines/).',
  "caravana.encerrando":
    "'on' while an edition's close empties its tables: none of its deletions is an entry of the log (editions/close-edition.ts).",
  "caravana.purging":
    "'on' while `npm run purge` or a kept list's end anonymises people: the log writes nothing of it (maintenance/purge.ts).",
  "caravana.restoring":
    "'on' while a backup is restored: rows come back as they were, with no seat given, no reference refused and nothing logged (maintenance/restore.ts).",
  "caravana.onibus_tomados":
    "Set by the database itself, never by the server: the buses `caravana_take_seat` counted a seat on during a statement, rows that `ON CONFLICT` then skipped included, which the statement's own trigger recounts (decision 070).",
} as const;

export type TransactionFlag = keyof typeof TRANSACTION_FLAGS;

/** What caravana.pagamento carries: the database writes the payment records from it (caravana_registrations_money). */
export interface PaymentFlag {
  origem: "chamada" | "extrato" | "ajuste";
  /** A statement's payments: per registration, the line that paid it and the amount it took. */
  linhas?: Record<string, { linha: string; valor: number }>;
  /** Why an exemption or a discount was given. */
  motivo?: string;
}

type FlagValue<F extends TransactionFlag> = F extends "caravana.pagamento"
  ? PaymentFlag
  : F extends "caravana.origem"
    ? "formulario"
    : F extends "caravana.encerrando" | "caravana.purging" | "caravana.restoring"
      ? "on"
      : string;

/**
 * The SQL that sets a flag, for a statement that does it in its own round trip
 * (`WITH x AS (SELECT ${flagSql(…)})`). `value` is SQL: a quoted literal or a parameter.
 */
export function flagSql(flag: TransactionFlag, value: string): string {
  return `set_config('${flag}', ${value}, true)`;
}

/** Sets a flag for the rest of the caller's transaction. */
export async function setFlag<F extends TransactionFlag>(tx: Queryable, flag: F, value: FlagValue<F>): Promise<void> {
  await tx.query(`SELECT ${flagSql(flag, "$1")}`, [typeof value === "string" ? value : JSON.stringify(value)]);
}

/** Names who makes the change, for the log triggers, in the same transaction as the change. */
export async function setActor(tx: Queryable, actor: { id: number; nome: string }): Promise<void> {
  await tx.query(`SELECT ${flagSql("caravana.ator_id", "$1")}, ${flagSql("caravana.ator_nome", "$2")}`, [
    String(actor.id),
    actor.nome,
  ]);
}
