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

/**
 * Moves the login throttle's recorded attempts back by `ms` (login_attempts, docs/schema.md): its waits count
 * from them, on the database's own clock, which the throttle reads as it is. Time is moved, never waited for.
 */
export async function backdateLoginAttempts(db: Queryable, ms: number): Promise<void> {
  await db.query("UPDATE login_attempts SET at = at - make_interval(secs => $1 / 1000.0)", [ms]);
}
