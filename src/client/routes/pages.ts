import { type LazyRoute, lazyRoute } from "../lib/lazy-route";

// Each page below is its own chunk: a visitor's first load never downloads the panel.

/** The visitor's pages after the form, by path. */
export const VISITOR_PAGES: Record<string, LazyRoute> = {
  // Preloaded while the success animation plays (routes/register.tsx), so /obrigado opens at once.
  "/obrigado": lazyRoute(() => import("./thanks").then((m) => m.ThanksRoute)),
  "/minha-inscricao": lazyRoute(() => import("./my-registration").then((m) => m.MyRegistrationRoute)),
  "/obrigado/autorizacao": lazyRoute(() => import("./thanks-authorization").then((m) => m.ThanksAuthorizationRoute)),
};

/** The panel's pages, by path. */
export const ADMIN_PAGES: Record<string, LazyRoute> = {
  "/admin": lazyRoute(() => import("./admin").then((m) => m.AdminRoute)),
  "/admin/autorizacoes": lazyRoute(() => import("./authorizations").then((m) => m.AuthorizationsRoute)),
  "/admin/embarque": lazyRoute(() => import("./boarding").then((m) => m.BoardingRoute)),
  "/admin/embarque/imprimir": lazyRoute(() => import("./boarding-print").then((m) => m.BoardingPrintRoute)),
  "/admin/equipe": lazyRoute(() => import("./team").then((m) => m.TeamRoute)),
  "/admin/atividade": lazyRoute(() => import("./activity").then((m) => m.ActivityRoute)),
  "/admin/financeiro": lazyRoute(() => import("./finance").then((m) => m.FinanceRoute)),
  "/admin/financeiro/contas": lazyRoute(() => import("./finance-accounts").then((m) => m.FinanceAccountsRoute)),
  "/admin/edicoes": lazyRoute(() => import("./editions").then((m) => m.EditionsRoute)),
  "/admin/mensagens": lazyRoute(() => import("./messages").then((m) => m.MessagesRoute)),
  "/admin/configuracoes": lazyRoute(() => import("./settings").then((m) => m.SettingsRoute)),
};

/** Loads the code of the page at `path`, if it has a chunk of its own; a failure is left to the page's render. */
export function preloadPage(path: string): Promise<void> {
  return (VISITOR_PAGES[path] ?? ADMIN_PAGES[path])?.preload().catch(() => undefined) ?? Promise.resolve();
}
