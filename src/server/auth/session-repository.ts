import type { Role } from "../../shared/team";
import type { Database } from "../db/database";

/** The person a session belongs to (admin_users). */
export interface AdminActor {
  id: number;
  nome: string;
  login: string;
  papel: Role;
  principal: boolean;
}

// The admin_sessions table (docs/schema.md): one row per login, keyed by the
// hash of its cookie token, never the token itself.

/** Stores a new session, and sweeps expired ones and the one it replaces (logins are rare). */
export async function insertSession(
  db: Database,
  session: { tokenHash: string; userId: number; ttlMs: number; replaces: string | null },
) {
  await db.query("DELETE FROM admin_sessions WHERE expires_at <= now() OR token_hash = $1", [session.replaces ?? ""]);
  await db.query(
    "INSERT INTO admin_sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')",
    [session.tokenHash, session.userId, session.ttlMs],
  );
}

/** A logout: the session goes, and the log says so, in one statement. */
export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM admin_sessions WHERE token_hash = $1 RETURNING user_id)
     INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo)
     SELECT u.id, u.nome, 'sessao.saiu', u.nome || ' saiu do painel' FROM gone JOIN admin_users u ON u.id = gone.user_id`,
    [tokenHash],
  );
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
): Promise<{ renew: boolean; user: AdminActor } | null> {
  const [row] = await db.query<AdminActor & { renew: boolean }>(
    `SELECT s.expires_at < now() + $2 * interval '1 millisecond' AS renew,
            u.id, u.nome, u.login, u.papel, u.principal
     FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id AND u.ativo
     WHERE s.token_hash = $1 AND s.expires_at > now() AND s.created_at > now() - $3 * interval '1 millisecond'`,
    [tokenHash, renewBelowMs, maxAgeMs],
  );
  if (!row) return null;
  const { renew, ...user } = row;
  return { renew, user };
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
