import { useSyncExternalStore } from "react";
import type { SessionState } from "../../shared/admin-api";
import type { SessionUser } from "../../shared/team";
import { STORAGE_KEYS } from "../../shared/constants";
import { toast } from "./toast";
import { api, ApiError } from "./api";

/**
 * The panel's view of the admin session. The server's HttpOnly cookie is the
 * only proof of login: nothing about auth is kept in browser storage, so a
 * reload always asks GET /api/session again.
 */
export type SessionView =
  | { phase: "checking" }
  | { phase: "check-failed"; message: string }
  | { phase: "anonymous"; devMode: boolean }
  | { phase: "authenticated"; devMode: boolean; user: SessionUser | null };

let view: SessionView = { phase: "checking" };
/** Counts the changes of `view`: a check answers only if nothing (a logout, a login) changed it meanwhile. */
let changes = 0;
const listeners = new Set<() => void>();

function set(next: SessionView): void {
  view = next;
  changes++;
  for (const l of listeners) l();
}

export function useSessionView(): SessionView {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => view,
  );
}

/**
 * Asks the server who we are. Someone already logged in keeps the screen they see while it asks (another page
 * of the panel opened from this one, a password just changed), as `quiet` does for a page back online.
 */
export async function checkSession({ quiet = false } = {}): Promise<void> {
  if (!quiet && view.phase !== "authenticated") set({ phase: "checking" });
  const asked = changes;
  let answer: SessionView;
  try {
    const s = await api<SessionState>("/api/session", { cache: "no-store" });
    answer = s.authenticated
      ? { phase: "authenticated", devMode: s.devMode, user: s.user }
      : { phase: "anonymous", devMode: s.devMode };
  } catch (e) {
    answer = { phase: "check-failed", message: e instanceof Error ? e.message : String(e) };
  }
  // "Sair" tapped while the server was asked: the answer is older than the logout, and would log the panel back in.
  if (changes === asked) set(answer);
}

export function markAuthenticated(s: SessionState): void {
  set({ phase: "authenticated", devMode: s.devMode, user: s.user });
}

/** Who is logged in, or null. */
export function useSessionUser(): SessionUser | null {
  const v = useSessionView();
  return v.phase === "authenticated" ? v.user : null;
}

/**
 * Whether the panel shows Coordenação's controls. The server decides what a
 * role may do (docs/decisions/028); this only hides what would be refused.
 */
export function useIsCoordination(): boolean {
  return useSessionUser()?.papel !== "equipe";
}

export async function logout(): Promise<void> {
  // Even if the call fails the panel leaves; the server ends the session on its side when it can.
  await api<void>("/api/session", { method: "DELETE" }).catch(() => undefined);
  // The roll call's copy of names and phones leaves with the person; its queue of marks stays (decision 026).
  try {
    indexedDB.deleteDatabase(STORAGE_KEYS.rollCallLists);
  } catch {
    // No IndexedDB here: nothing was kept.
  }
  set({ phase: "anonymous", devMode: view.phase === "authenticated" ? view.devMode : false });
}

/** A 401 from an admin call: the session ended (expired or logged out elsewhere). */
export function expireSession(): void {
  if (view.phase !== "authenticated") return;
  set({ phase: "anonymous", devMode: view.devMode });
  toast("warning", "Sessão expirada", "Entre novamente com sua senha de acesso.");
}

export function isUnauthorized(e: unknown): boolean {
  return e instanceof ApiError && e.status === 401;
}

/** api() for admin calls: a 401 sends the panel back to the login screen. */
export async function adminApi<T>(path: string, init?: Parameters<typeof api>[1]): Promise<T> {
  try {
    return await api<T>(path, init);
  } catch (e) {
    if (isUnauthorized(e)) expireSession();
    throw e;
  }
}

/** Error toast for a failed admin call; a 401 already showed 'Sessão expirada'. */
export function reportAdminError(title: string, e: unknown): void {
  if (isUnauthorized(e)) return;
  toast("error", title, e instanceof Error ? e.message : undefined);
}
