import { existsSync } from "node:fs";
import { join } from "node:path";
import type { RouteEntry } from "../../src/server/app";

/**
 * Who may use each route of the real app. The route walk compares this table
 * with app.routeInventory (every route as registered), so a new route fails
 * the walk until someone decides here who may call it.
 *
 * - public: anyone; answers normally and never carries personal data.
 * - admin: 401 without a valid admin session; 403 for Equipe unless `equipe` (Coordenação may call all).
 * - upload: the registration's own upload token (Authorization: Bearer), not a cookie.
 * - secret: "Minha inscrição": a secret that holds the registration (Authorization: Bearer); 403 without.
 * - page: the single-page app's HTML.
 * `sameOrigin`: state-changing, refused with 403 when sent from another site.
 */
export type Access = "public" | "admin" | "upload" | "secret" | "page";
export interface RouteRule {
  access: Access;
  /** An admin route Equipe may call too (docs/decisions/028). */
  equipe?: boolean;
  sameOrigin?: boolean;
  /** A long-lived SSE stream: walked over real HTTP, not app.inject. */
  stream?: boolean;
}

export const EXPECTED_ROUTES: Record<string, RouteRule> = {
  "GET /api/health": { access: "public" },
  "GET /api/form-status": { access: "public" },
  "POST /api/registrations": { access: "public" },
  "GET /api/events": { access: "public", stream: true },
  "GET /api/session": { access: "public" },
  "POST /api/session": { access: "public", sameOrigin: true },
  "DELETE /api/session": { access: "public", sameOrigin: true },
  "POST /api/registrations/:id/receipt": { access: "upload" },
  "PUT /api/registrations/:id/payer": { access: "upload" },
  "GET /api/registrations/:id/authorization-document": { access: "upload" },
  "POST /api/minha-inscricao/busca": { access: "public" },
  "GET /api/minha-inscricao/:id": { access: "secret" },
  "PUT /api/minha-inscricao/:id/dados": { access: "secret" },
  "POST /api/minha-inscricao/:id/desistir": { access: "secret" },
  "PUT /api/minha-inscricao/:id/mensagens": { access: "secret" },
  "GET /api/avisos/chave": { access: "public" },
  "POST /api/avisos": { access: "public" },
  "POST /api/avisos/parar": { access: "public" },
  "POST /api/registrations/:id/link": { access: "admin", sameOrigin: true },
  "GET /api/mensagens": { access: "admin", equipe: true },
  "PUT /api/mensagens/textos/:chave": { access: "admin", sameOrigin: true },
  "DELETE /api/mensagens/textos/:chave": { access: "admin", sameOrigin: true },
  "PUT /api/mensagens/onibus/:id/equipe": { access: "admin", sameOrigin: true },
  "POST /api/mensagens/previa": { access: "admin", equipe: true, sameOrigin: true },
  "POST /api/mensagens/listas": { access: "admin", equipe: true, sameOrigin: true },
  "GET /api/mensagens/listas/:id": { access: "admin", equipe: true },
  "POST /api/mensagens/listas/:id/avisos": { access: "admin", equipe: true, sameOrigin: true },
  "GET /api/mensagens/linhas/:id/whatsapp": { access: "admin", equipe: true },
  "POST /api/mensagens/linhas/:id/texto": { access: "admin", equipe: true, sameOrigin: true },
  "POST /api/mensagens/linhas/:id/enviada": { access: "admin", equipe: true, sameOrigin: true },
  "GET /api/mensagens/inscricao/:id/whatsapp": { access: "admin" },
  "POST /api/registrations/:id/new-link": { access: "admin", sameOrigin: true },
  "PUT /api/registrations/:id/authorization": { access: "admin", equipe: true, sameOrigin: true },
  "GET /api/authorizations": { access: "admin" },
  "GET /api/registrations/:id/health": { access: "admin" },
  "GET /api/boarding/leader-sheet": { access: "admin" },
  "GET /api/registrations/:id/receipt": { access: "admin", equipe: true },
  "GET /api/registrations/:id/receipts": { access: "admin", equipe: true },
  "GET /api/registrations/:id/receipts/:version": { access: "admin", equipe: true },
  "PUT /api/form-status": { access: "admin", sameOrigin: true },
  "GET /api/registrations": { access: "admin", equipe: true },
  "GET /api/registrations/stats": { access: "admin", equipe: true },
  "PATCH /api/registrations/:id": { access: "admin", equipe: true, sameOrigin: true },
  "POST /api/registrations/acompanhantes": { access: "admin", sameOrigin: true },
  "DELETE /api/registrations/:id": { access: "admin", sameOrigin: true },
  "GET /api/registrations/export.xlsx": { access: "admin" },
  "GET /api/registrations/export.csv": { access: "admin" },
  "GET /api/registrations/:id": { access: "admin", equipe: true },
  "PUT /api/registrations/:id/seat": { access: "admin", sameOrigin: true },
  "PUT /api/registrations/:id/prazo": { access: "admin", sameOrigin: true },
  "POST /api/registrations/prazo": { access: "admin", sameOrigin: true },
  "POST /api/registrations/:id/liberar-vaga": { access: "admin", sameOrigin: true },
  "POST /api/registrations/:id/devolver-vaga": { access: "admin", sameOrigin: true },
  "GET /api/buses": { access: "admin", equipe: true },
  "POST /api/buses": { access: "admin", sameOrigin: true },
  "PATCH /api/buses/:id": { access: "admin", sameOrigin: true },
  "DELETE /api/buses/:id": { access: "admin", sameOrigin: true },
  "GET /api/boarding": { access: "admin", equipe: true },
  "POST /api/boarding/marks": { access: "admin", equipe: true, sameOrigin: true },
  "POST /api/boarding/cash": { access: "admin", equipe: true, sameOrigin: true },
  "GET /api/team": { access: "admin" },
  "POST /api/team": { access: "admin", sameOrigin: true },
  "PATCH /api/team/:id": { access: "admin", sameOrigin: true },
  "POST /api/team/:id/password": { access: "admin", sameOrigin: true },
  "PUT /api/session/password": { access: "admin", equipe: true, sameOrigin: true },
  "GET /api/activity": { access: "admin" },
  "GET /api/activity/people": { access: "admin" },
  "GET /api/registrations/:id/history": { access: "admin", equipe: true },
  "GET /api/config": { access: "public" },
  "GET /api/settings": { access: "admin" },
  "PUT /api/settings": { access: "admin", sameOrigin: true },
  "DELETE /api/settings/:chave": { access: "admin", sameOrigin: true },
  "POST /api/finance/statements": { access: "admin", sameOrigin: true },
  "GET /api/finance/statements/queue/:ticket": { access: "admin" },
  "GET /api/finance/columns": { access: "admin" },
  "GET /api/finance/lines": { access: "admin" },
  "POST /api/finance/lines/:id/confirm": { access: "admin", sameOrigin: true },
  "POST /api/finance/lines/:id/ignore": { access: "admin", sameOrigin: true },
  "GET /api/finance/cash": { access: "admin", equipe: true },
  "POST /api/finance/handovers": { access: "admin", equipe: true, sameOrigin: true },
  "POST /api/finance/handovers/:id/confirm": { access: "admin", sameOrigin: true },
  "GET /api/finance/refunds": { access: "admin" },
  "GET /api/finance/paid-without-seat": { access: "admin" },
  "POST /api/finance/refunds/:id": { access: "admin", sameOrigin: true },
  "GET /api/finance/expenses": { access: "admin" },
  "POST /api/finance/expenses": { access: "admin", sameOrigin: true },
  "DELETE /api/finance/expenses/:id": { access: "admin", sameOrigin: true },
  "GET /api/finance/expenses/:id/receipt": { access: "admin" },
  "GET /api/finance/accounts": { access: "admin" },
  "GET /api/finance/accounts.xlsx": { access: "admin" },
  "POST /api/registrations/:id/adjust": { access: "admin", sameOrigin: true },
  "GET /api/registrations/:id/payments": { access: "admin", equipe: true },
  "GET /api/editions": { access: "admin" },
  "GET /api/editions/open-items": { access: "admin" },
  "POST /api/editions/close": { access: "admin", sameOrigin: true },
  "GET /api/editions/:id/registrations": { access: "admin" },
  "GET /api/editions/:id/export.xlsx": { access: "admin" },
  "GET /api/editions/:id/export.csv": { access: "admin" },
  "GET /": { access: "page" },
  "GET /obrigado": { access: "page" },
  "GET /minha-inscricao": { access: "page" },
  "GET /admin": { access: "page" },
  "GET /admin/embarque": { access: "page" },
  "GET /admin/embarque/imprimir": { access: "page" },
  "GET /admin/equipe": { access: "page" },
  "GET /admin/atividade": { access: "page" },
  "GET /admin/configuracoes": { access: "page" },
  "GET /admin/financeiro": { access: "page" },
  "GET /admin/financeiro/contas": { access: "page" },
  "GET /obrigado/autorizacao": { access: "page" },
  "GET /admin/autorizacoes": { access: "page" },
  "GET /admin/edicoes": { access: "page" },
  "GET /admin/mensagens": { access: "page" },
};

export const routeKey = (r: RouteEntry) => `${r.method} ${r.url}`;

/**
 * Files of the built client, registered one route each by @fastify/static.
 * Vite's hashed /assets/* names (and their precompressed .br/.gz twins) change
 * with every build, so those are recognised by shape; the rest must exist.
 */
export function isStaticFileRoute(r: RouteEntry, distDir: string): boolean {
  if (r.method !== "GET" && r.method !== "HEAD") return false;
  if (r.url.startsWith("/api/")) return false;
  if (/^\/assets\/[\w.-]+-[\w-]{8}\.(js|css|svg|png|webp|woff2?|wasm)(\.br|\.gz)?$/.test(r.url)) return true;
  return /^\/[\w.-]+\.\w+$/.test(r.url) && existsSync(join(distDir, r.url));
}

export interface WalkRoute extends RouteEntry {
  rule: RouteRule;
}

/**
 * Splits the inventory into the routes of the table (with their HEAD twins,
 * which Fastify adds for every GET) and the static files; anything else is
 * returned as `unexpected`, and table entries with no route as `missing`.
 */
export function classifyInventory(inventory: readonly RouteEntry[], distDir: string) {
  const walk: WalkRoute[] = [];
  const staticFiles: RouteEntry[] = [];
  const unexpected: string[] = [];
  for (const r of inventory) {
    const rule = EXPECTED_ROUTES[routeKey(r)] ?? (r.method === "HEAD" ? EXPECTED_ROUTES[`GET ${r.url}`] : undefined);
    if (rule) walk.push({ ...r, rule });
    else if (isStaticFileRoute(r, distDir)) staticFiles.push(r);
    else unexpected.push(routeKey(r));
  }
  const keys = new Set(inventory.map(routeKey));
  const missing = Object.keys(EXPECTED_ROUTES).filter((k) => !keys.has(k));
  const headless = inventory.filter((r) => r.method === "GET" && !keys.has(`HEAD ${r.url}`)).map(routeKey);
  return { walk, staticFiles, unexpected, missing, headless };
}
