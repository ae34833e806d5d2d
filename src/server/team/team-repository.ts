import { loginFromName, type NewMember, TEAM_MESSAGES, type TeamMember } from "../../shared/team";
import type { AdminActor } from "../auth/session-repository";
import { generatePassword, hashPassword, verifyPassword } from "../auth/password-hash";
import type { Queryable } from "../db/database";
import { ConflictError, InvalidInputError, NotFoundError } from "../domain-errors";

// The admin_users table (docs/schema.md). Its trigger ends a person's sessions
// when they are deactivated or get a new password, and keeps one active
// Coordenação; this module turns its refusals into pt-BR answers.

const MEMBER_COLUMNS = "id, nome, login, papel, ativo, principal, criado_em";

interface MemberRow extends Omit<TeamMember, "criado_em"> {
  criado_em: Date | string;
}
const toMember = (r: MemberRow): TeamMember => ({ ...r, criado_em: new Date(r.criado_em).toISOString() });

/** Postgres errors the table's rules raise, as pt-BR answers. */
function refusal(err: unknown, login?: string): never {
  const e = err as { code?: string; message?: string; constraint?: string };
  if (e.code === "23505" && login) throw new ConflictError(TEAM_MESSAGES.duplicateLogin(login));
  if (e.code === "23514" && e.message === "ultima_coordenacao") throw new ConflictError(TEAM_MESSAGES.lastCoordination);
  throw err;
}

export async function listMembers(db: Queryable): Promise<TeamMember[]> {
  const rows = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM admin_users ORDER BY principal DESC, ativo DESC, nome COLLATE "C", id`,
  );
  return rows.map(toMember);
}

/** Adds a person with a generated password, returned once and kept only as a hash. */
export async function addMember(
  db: Queryable,
  input: NewMember,
  hashCost: number,
): Promise<{ member: TeamMember; password: string }> {
  const login = loginFromName(input.nome);
  const password = generatePassword();
  const hash = await hashPassword(password, hashCost);
  try {
    const [row] = await db.query<MemberRow>(
      `INSERT INTO admin_users (nome, login, papel, senha_hash) VALUES ($1, $2, $3, $4) RETURNING ${MEMBER_COLUMNS}`,
      [input.nome, login, input.papel, hash],
    );
    return { member: toMember(row), password };
  } catch (err) {
    refusal(err, login);
  }
}

export async function setMemberActive(db: Queryable, id: number, ativo: boolean): Promise<TeamMember> {
  try {
    const [row] = await db.query<MemberRow>(
      `UPDATE admin_users SET ativo = $2 WHERE id = $1 RETURNING ${MEMBER_COLUMNS}`,
      [id, ativo],
    );
    if (!row) throw new NotFoundError(TEAM_MESSAGES.notFound);
    return toMember(row);
  } catch (err) {
    refusal(err);
  }
}

/** A new generated password for someone who forgot theirs; their sessions end (the table's trigger). */
export async function resetMemberPassword(
  db: Queryable,
  id: number,
  hashCost: number,
): Promise<{ member: TeamMember; password: string }> {
  const password = generatePassword();
  const hash = await hashPassword(password, hashCost);
  const [row] = await db.query<MemberRow>(
    `UPDATE admin_users SET senha_hash = $2 WHERE id = $1 AND NOT principal RETURNING ${MEMBER_COLUMNS}`,
    [id, hash],
  );
  if (!row) {
    const [principal] = await db.query("SELECT 1 FROM admin_users WHERE id = $1 AND principal", [id]);
    if (principal) throw new ConflictError(TEAM_MESSAGES.principalPassword);
    throw new NotFoundError(TEAM_MESSAGES.notFound);
  }
  return { member: toMember(row), password };
}

/** The person's own change: the current password first. Ends every session of theirs, this one included. */
export async function changeOwnPassword(
  db: Queryable,
  actor: AdminActor,
  current: string,
  next: string,
  hashCost: number,
) {
  if (actor.principal) throw new ConflictError(TEAM_MESSAGES.principalPassword);
  const [row] = await db.query<{ senha_hash: string }>("SELECT senha_hash FROM admin_users WHERE id = $1", [actor.id]);
  if (!row || !(await verifyPassword(current, row.senha_hash))) throw new InvalidInputError(TEAM_MESSAGES.currentWrong);
  await db.query("UPDATE admin_users SET senha_hash = $2 WHERE id = $1", [
    actor.id,
    await hashPassword(next, hashCost),
  ]);
}

/** The active people of the panel, with what the login checks: who is typed is resolved from them (shared/team.ts). */
export async function loginMembers(db: Queryable): Promise<(AdminActor & { senha_hash: string | null })[]> {
  return db.query<AdminActor & { senha_hash: string | null }>(
    "SELECT id, nome, login, papel, principal, senha_hash FROM admin_users WHERE ativo ORDER BY id",
  );
}
