import type { NewMember, TeamMember } from "../../../shared/team";
import { adminApi } from "../../lib/admin-session";

export interface MemberWithPassword {
  member: TeamMember;
  /** Shown once: only its hash is kept. */
  password: string;
}

export const listTeam = () => adminApi<TeamMember[]>("/api/team", { cache: "no-store" });

export const addMember = (body: NewMember) => adminApi<MemberWithPassword>("/api/team", { method: "POST", json: body });

export const setMemberActive = (m: TeamMember, ativo: boolean) =>
  adminApi<TeamMember>(`/api/team/${m.id}`, { method: "PATCH", json: { ativo } });

export const resetPassword = (m: TeamMember) =>
  adminApi<MemberWithPassword>(`/api/team/${m.id}/password`, { method: "POST" });

export const changeOwnPassword = (atual: string, nova: string) =>
  adminApi<void>("/api/session/password", { method: "PUT", json: { atual, nova } });
