import type { ComponentType } from "react";
import { type LazyRoute, lazyRoute } from "../lib/lazy-route";
import { PageLoadFailed } from "./page-load-failed";

// Each page below is its own chunk: a visitor's first load never downloads the panel.
const page = (load: () => Promise<ComponentType>) => lazyRoute(load, PageLoadFailed);

/** The visitor's pages after the form, by path. */
export const VISITOR_PAGES: Record<string, LazyRoute> = {
  // Preloaded while the success animation plays (routes/register.tsx), so /obrigado opens at once.
  "/obrigado": page(() => import("./thanks").then((m) => m.ThanksRoute)),
  "/minha-inscricao": page(() => import("./my-registration").then((m) => m.MyRegistrationRoute)),
  "/obrigado/autorizacao": page(() => import("./thanks-authorization").then((m) => m.ThanksAuthorizationRoute)),
};

/** The panel's pages, by path. */
export const ADMIN_PAGES: Record<string, LazyRoute> = {
  "/admin": page(() => import("./admin").then((m) => m.AdminRoute)),
  "/admin/autorizacoes": page(() => import("./authorizations").then((m) => m.AuthorizationsRoute)),
  "/admin/embarque": page(() => import("./boarding").then((m) => m.BoardingRoute)),
  "/admin/embarque/imprimir": page(() => import("./boarding-print").then((m) => m.BoardingPrintRoute)),
  "/admin/equipe": page(() => import("./team").then((m) => m.TeamRoute)),
  "/admin/atividade": page(() => import("./activity").then((m) => m.ActivityRoute)),
  "/admin/financeiro": page(() => import("./finance").then((m) => m.FinanceRoute)),
  "/admin/financeiro/contas": page(() => import("./finance-accounts").then((m) => m.FinanceAccountsRoute)),
  "/admin/edicoes": page(() => import("./editions").then((m) => m.EditionsRoute)),
  "/admin/mensagens": page(() => import("./messages").then((m) => m.MessagesRoute)),
  "/admin/configuracoes": page(() => import("./settings").then((m) => m.SettingsRoute)),
};

/** Loads the code of the page at `path`, if it has a chunk of its own; a failure is left to the page's render. */
export function preloadPage(path: string): Promise<void> {
  return (VISITOR_PAGES[path] ?? ADMIN_PAGES[path])?.preload().catch(() => undefined) ?? Promise.resolve();
}
