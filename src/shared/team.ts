import * as z from "zod/mini";
import { hasHiddenCharacters } from "./visible-text";
import { fold, NAME_PARTICLES } from "./fold";
import { INT4_MAX } from "./constants";

/**
 * The panel's people and roles (docs/decisions/028), shared by the panel and the server.
 *
 * GET   /api/team                    -> TeamMember[]                         (Coordenação)
 * POST  /api/team  newMemberSchema   -> { member, password } (shown once)    (Coordenação)
 * PATCH /api/team/:id { ativo }      -> TeamMember                           (Coordenação)
 * POST  /api/team/:id/password       -> { member, password } (shown once)    (Coordenação)
 * PUT   /api/session/password ownPasswordSchema -> 204                      (anyone but the principal account)
 */

export const ROLES = ["coordenacao", "equipe"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { coordenacao: "Coordenação", equipe: "Equipe" };

export const TEAM_MESSAGES = {
  nameRequired: "Informe o nome da pessoa.",
  nameShort: "O nome precisa de pelo menos 2 letras.",
  nameLong: "Nome muito longo (máximo 60 caracteres).",
  nameHidden: "O nome contém caracteres invisíveis ou de controle. Digite-o de novo.",
  nameNoLogin: "Use letras ou números no nome.",
  roleInvalid: "Escolha o papel: Coordenação ou Equipe.",
  duplicateLogin: (login: string) =>
    `Já existe uma pessoa com o login "${login}". Use outro nome (por exemplo, com o sobrenome).`,
  notFound: "Pessoa não encontrada.",
  lastCoordination: "A caravana precisa de pelo menos uma pessoa ativa na Coordenação.",
  notYourself: "Você não pode desativar a própria conta.",
  principalPassword: "A senha da conta principal da Coordenação é a ADMIN_PASSWORD do servidor.",
  currentWrong: "Senha atual incorreta.",
  newShort: "A nova senha precisa de pelo menos 8 caracteres.",
  newLong: "Senha muito longa (máximo 200 caracteres).",
  forbidden: "Seu acesso não permite esta ação. Peça à Coordenação.",
} as const;

export interface TeamMember {
  id: number;
  nome: string;
  login: string;
  papel: Role;
  ativo: boolean;
  /** The ADMIN_PASSWORD account: its password is the server's, not the panel's. */
  principal: boolean;
  criado_em: string;
}

/** Who is logged in, as the panel shows it. */
export interface SessionUser {
  /** admin_users.id: the roll call opens on the bus this person takes care of. */
  id: number;
  nome: string;
  login: string;
  papel: Role;
  principal: boolean;
}

/** "Maria José da Silva" → "maria.silva": first and last word, without accents. */
export function loginFromName(nome: string): string {
  const words = fold(nome)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return "";
  const parts = words.length === 1 ? words : [words[0], words[words.length - 1]];
  return parts.join(".").slice(0, 40).replace(/\.$/, "");
}

const nameWords = (s: string) =>
  fold(s)
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !NAME_PARTICLES.has(w));

/**
 * Whether what a person typed in "Usuário" may be this member, written as
 * people write their own name: the login itself ("maria.silva"), or the name
 * with or without accents, capitals and particles, whole or in part ("Maria",
 * "Maria José", "Maria Silva", "maria jose da silva"): the first name, and
 * any more of the name's words in order.
 */
export function loginMatches(typed: string, member: { nome: string; login: string }): boolean {
  const compact = fold(typed.trim()).replace(/\s+/g, "");
  if (!compact) return false;
  if (compact === member.login || loginFromName(typed) === member.login) return true;
  const wanted = nameWords(typed);
  const name = nameWords(member.nome);
  if (wanted.length === 0 || wanted[0] !== name[0]) return false;
  let found = 0;
  for (const word of name) if (word === wanted[found]) found++;
  return found === wanted.length;
}

/**
 * Who a login typed names among the active members: an exact login first,
 * then a whole name, then the one member a part of a name fits ("Carlos" for
 * the only Carlos). Several that fit: the person is asked for the whole name.
 * Empty: the principal Coordenação account.
 */
export function resolveLogin<M extends { nome: string; login: string; principal: boolean }>(
  typed: string | undefined,
  members: M[],
): { kind: "found"; member: M } | { kind: "several" } | { kind: "none" } {
  const one = (list: M[]) => (list.length === 1 ? ({ kind: "found", member: list[0] } as const) : null);
  if (!typed?.trim()) return one(members.filter((m) => m.principal)) ?? { kind: "none" };
  const compact = fold(typed.trim()).replace(/\s+/g, "");
  const words = nameWords(typed).join(" ");
  const fits = members.filter((m) => loginMatches(typed, m));
  return (
    one(members.filter((m) => m.login === compact)) ??
    one(members.filter((m) => words !== "" && nameWords(m.nome).join(" ") === words)) ??
    one(fits) ??
    (fits.length > 1 ? { kind: "several" } : { kind: "none" })
  );
}

export const memberNameSchema = z.string({ error: TEAM_MESSAGES.nameRequired }).check(
  z.trim(),
  z.normalize("NFC"),
  z.minLength(1, TEAM_MESSAGES.nameRequired),
  z.minLength(2, TEAM_MESSAGES.nameShort),
  z.maxLength(60, TEAM_MESSAGES.nameLong),
  z.refine((s) => s.isWellFormed() && !hasHiddenCharacters(s), TEAM_MESSAGES.nameHidden),
  z.refine((s) => loginFromName(s).length > 0, TEAM_MESSAGES.nameNoLogin),
);

export const newMemberSchema = z.strictObject({
  nome: memberNameSchema,
  papel: z.enum(ROLES, { error: TEAM_MESSAGES.roleInvalid }),
});
export type NewMember = z.output<typeof newMemberSchema>;

export const memberPatchSchema = z.strictObject({
  ativo: z.boolean({ error: "Informe se a pessoa fica ativa (true ou false)." }),
});

export const memberParamsSchema = z.object({
  id: z.pipe(
    z.transform((v: unknown) => Number(v)),
    z
      .int({ error: TEAM_MESSAGES.notFound })
      .check(z.gte(1, TEAM_MESSAGES.notFound), z.lte(INT4_MAX, TEAM_MESSAGES.notFound)),
  ),
});

export const ownPasswordSchema = z.strictObject({
  atual: z.string({ error: TEAM_MESSAGES.currentWrong }).check(z.maxLength(200, TEAM_MESSAGES.currentWrong)),
  nova: z
    .string({ error: TEAM_MESSAGES.newShort })
    .check(z.minLength(8, TEAM_MESSAGES.newShort), z.maxLength(200, TEAM_MESSAGES.newLong)),
});
