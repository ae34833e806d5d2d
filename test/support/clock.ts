import type { Queryable } from "../../src/server/db/database";

/**
 * Moves the deadlines' clock forward (caravana_agora, docs/schema.md): every
 * deadline the database gives, compares or releases from then on counts from
 * the later time. Time is moved, never waited for.
 */
export async function advanceClock(db: Queryable, ms: number): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value) VALUES ('relogio_adiantado', $1)
     ON CONFLICT (key) DO UPDATE SET value = (app_settings.value::interval + $1::interval)::text`,
    [`${ms} milliseconds`],
  );
}

/** Now, as the deadlines count it. */
export async function clockNow(db: Queryable): Promise<Date> {
  const [{ agora }] = await db.query<{ agora: Date }>("SELECT caravana_agora() AS agora");
  return new Date(agora);
}
