import type { Database } from "../db/database";

// The admin_sessions table (migration 002): one row per login, keyed by the
// hash of its cookie token, never the token itself.

/** Stores a new session, and sweeps expired ones and the one it replaces (logins are rare). */
export async function insertSession(db: Database, tokenHash: string, ttlMs: number, replaces: string | null) {
  await db.query("DELETE FROM admin_sessions WHERE expires_at <= now() OR token_hash = $1", [replaces ?? ""]);
  await db.query(
    "INSERT INTO admin_sessions (token_hash, expires_at) VALUES ($1, now() + $2 * interval '1 millisecond')",
    [tokenHash, ttlMs],
  );
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.query("DELETE FROM admin_sessions WHERE token_hash = $1", [tokenHash]);
}

/**
 * Whether the session is valid, and whether it is due for renewal: less than
 * `renewBelowMs` is left of it.
 */
export async function findSession(
  db: Database,
  tokenHash: string,
  renewBelowMs: number,
  maxAgeMs: number,
): Promise<{ renew: boolean } | null> {
  const [row] = await db.query<{ renew: boolean }>(
    `SELECT expires_at < now() + $2 * interval '1 millisecond' AS renew
     FROM admin_sessions
     WHERE token_hash = $1 AND expires_at > now() AND created_at > now() - $3 * interval '1 millisecond'`,
    [tokenHash, renewBelowMs, maxAgeMs],
  );
  return row ?? null;
}

/** Another `ttlMs` from now, but never past the session's absolute end. */
export async function renewSession(db: Database, tokenHash: string, ttlMs: number, maxAgeMs: number): Promise<void> {
  await db.query(
    `UPDATE admin_sessions
     SET expires_at = least(now() + $2 * interval '1 millisecond', created_at + $3 * interval '1 millisecond')
     WHERE token_hash = $1`,
    [tokenHash, ttlMs, maxAgeMs],
  );
}

export async function sessionIsValid(db: Database, tokenHash: string, maxAgeMs: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM admin_sessions
     WHERE token_hash = $1 AND expires_at > now() AND created_at > now() - $2 * interval '1 millisecond'`,
    [tokenHash, maxAgeMs],
  );
  return rows.length > 0;
}
