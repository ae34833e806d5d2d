import * as z from "zod/mini";
import { type PAGE_SIZE, UUID_PATTERN } from "./constants";
import type { Registration } from "./api-types";
import type { SessionUser } from "./team";

/**
 * The admin API contract, shared by the panel and the server.
 *
 * GET    /api/session                  -> SessionState
 * POST   /api/session  LoginBody       -> SessionState (sets the HttpOnly cookie) | 401 | 429
 * People and roles: src/shared/team.ts. Every admin route is Coordenação's unless it says Equipe may call it.
 * DELETE /api/session                  -> 204 (deletes the session row, clears the cookie)
 * PUT    /api/form-status FormStatusBody -> FormStatus                       (admin)
 * GET    /api/registrations?q=&status=&sort=&onibus=&page= -> RegistrationPage (admin)
 * GET    /api/registrations/stats      -> RegistrationStats                  (admin)
 * PATCH  /api/registrations/:id  registrationPatchSchema -> Registration      (admin)
 * DELETE /api/registrations/:id        -> 204                                (admin)
 * GET    /api/registrations/export.xlsx?q=&status=&sort=&onibus= -> .xlsx stream (admin)
 * GET    /api/registrations/export.csv?q=&status=&sort=&onibus=  -> CSV stream  (admin)
 * Buses, seats and the waiting list: src/shared/seats.ts.
 * GET    /api/events: with an admin cookie the stream also carries registration events.
 *
 * Admin routes answer 401 { error } without a valid session (the panel shows the login again).
 * POST/PUT/PATCH/DELETE (login and logout too) answer 403 when sent from another site.
 * POST /api/session answers 429 { error: "Muitas tentativas de acesso. Aguarde N minutos..." } while a client is locked out.
 * The session cookie is HttpOnly (invisible to the page); 12 h, renewed while the panel is used.
 */

/** Any route about one registration that is not there (or not anymore). */
export const REGISTRATION_NOT_FOUND = "Inscrição não encontrada.";

export const LOGIN_MESSAGES = {
  passwordRequired: "Digite a senha",
  wrongPassword: "Senha incorreta. Tente novamente.",
  /** With a login typed, either may be the wrong one. */
  wrongLoginOrPassword: "Usuário ou senha incorretos. Tente novamente.",
  /** A part of a name that fits more than one person of the team. */
  severalPeople: "Há mais de uma pessoa da Equipe com esse nome. Digite o nome completo ou o seu login.",
} as const;

export const loginBodySchema = z.strictObject({
  /** A person's login, or their name as typed (the server derives the login); empty means the Coordenação account. */
  login: z.optional(z.string().check(z.maxLength(100, LOGIN_MESSAGES.wrongLoginOrPassword))),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).check(
    z.refine((s) => s.trim().length > 0, LOGIN_MESSAGES.passwordRequired),
    z.maxLength(200, LOGIN_MESSAGES.wrongPassword),
  ),
});

export interface SessionState {
  authenticated: boolean;
  /** True while the server runs outside production: the panel shows 'Modo Desenvolvimento (Mock)'. */
  devMode: boolean;
  /** Who is logged in; null when not. */
  user: SessionUser | null;
}

export const formStatusBodySchema = z.strictObject({
  is_open: z.boolean({ error: "Informe se o formulário está aberto (true ou false)." }),
});

/**
 * "com_comprovante": registrations with a receipt uploaded, paid or not (the ones to check).
 * "espera" and "desistente" follow the seat, the others the payment (docs/decisions/025).
 */
export const STATUS_FILTERS = [
  "todos",
  "pendente",
  "confirmado",
  "com_comprovante",
  "espera",
  "desistente",
  "duplicatas",
  "sem_autorizacao",
  "vence_em_breve",
  "vencidas",
  "acompanhantes",
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const SORTS = ["recentes", "antigos", "nome"] as const;
export type Sort = (typeof SORTS)[number];

/** The form's switch (PUT /api/form-status). */
export const FORM_MESSAGES = {
  paymentDetailsFirst: (missing: readonly ("pix_chave" | "whatsapp")[]) =>
    `Antes de abrir as inscrições, cadastre ${
      missing.length === 2 ? "a chave PIX e o WhatsApp" : missing[0] === "pix_chave" ? "a chave PIX" : "o WhatsApp"
    } da coordenação em Configurações (ainda ${missing.length === 2 ? "estão os" : "está o"} de exemplo).`,
  /** "Restaurar padrão" or a save that would bring a sample back while families are signing up. */
  samplesWhileOpen: (samples: readonly ("pix_chave" | "whatsapp")[]) =>
    samples.length === 2
      ? "Com as inscrições abertas, não é possível voltar à chave PIX e ao WhatsApp de exemplo: as famílias pagariam e escreveriam para quem não é da coordenação. Digite a chave PIX e o número da coordenação ou feche as inscrições antes."
      : samples[0] === "pix_chave"
        ? "Com as inscrições abertas, não é possível voltar à chave PIX de exemplo: o dinheiro das famílias iria para uma conta que não é da coordenação. Digite a chave PIX da coordenação ou feche as inscrições antes."
        : "Com as inscrições abertas, não é possível voltar ao WhatsApp de exemplo: as mensagens das famílias iriam para um número que não é da coordenação. Digite o número da coordenação ou feche as inscrições antes.",
} as const;

/** Labels in the panel, by value. */
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  todos: "Todos",
  pendente: "Pendentes",
  confirmado: "Pagos",
  com_comprovante: "Com comprovante",
  espera: "Lista de espera",
  desistente: "Desistentes",
  duplicatas: "Possíveis duplicatas",
  sem_autorizacao: "Menores sem autorização",
  vence_em_breve: "Vence em breve",
  vencidas: "Vencidas",
  acompanhantes: "Acompanhantes",
};
export const SORT_LABELS: Record<Sort, string> = {
  recentes: "Mais Recentes",
  antigos: "Mais Antigos",
  nome: "Nome A-Z",
};

/** ?page=: 1 when absent, else a whole number from 1 (the registrations list and the activity log). */
export const pageNumber = z.pipe(
  z.transform((v: unknown) => (v === undefined || v === "" ? 1 : Number(v))),
  z.int({ error: "Página inválida." }).check(z.gte(1, "Página inválida."), z.lte(100_000, "Página inválida.")),
);

/** Query of the list and of the exports: filtering, sorting and paging happen in the database. */
export const listQuerySchema = z.object({
  // NFC like the stored names, so "José" typed with a combining accent finds them.
  q: z._default(
    z.string().check(
      z.maxLength(120, "Busca longa demais."),
      z.refine((s) => s.isWellFormed(), "Busca contém caracteres inválidos."),
      z.normalize("NFC"),
    ),
    "",
  ),
  status: z._default(z.enum(STATUS_FILTERS, { error: "Filtro de status inválido." }), "todos"),
  sort: z._default(z.enum(SORTS, { error: "Ordenação inválida." }), "recentes"),
  /** A bus id: only the people seated in it. Empty: every bus. */
  onibus: z._default(
    z.string().check(z.regex(/^$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Ônibus inválido.")),
    "",
  ),
  page: pageNumber,
});
export type ListQuery = z.output<typeof listQuerySchema>;

export interface RegistrationPage {
  items: Registration[];
  /** Rows matching the filter, over all pages. */
  total: number;
  /** The page returned: a page past the end (e.g. after deleting its last row) answers the last page. */
  page: number;
  pageSize: typeof PAGE_SIZE;
  pageCount: number;
}

export interface RegistrationStats {
  total: number;
  pendentes: number;
  confirmados: number;
  pix: number;
  especie: number;
}

export const idParamsSchema = z.object({
  id: z.string().check(z.regex(UUID_PATTERN, REGISTRATION_NOT_FOUND)),
});
