import { useSyncExternalStore } from "react";

/** The toasts shown by components/toaster.tsx: any module may call toast(), with or without React. */

export type ToastKind = "success" | "error" | "warning" | "info";

/** What the toast offers: a link ("Avisar no WhatsApp") or a button ("Desfazer"). */
export type ToastAction = { label: string; href: string } | { label: string; onClick: () => void };

interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
  action?: ToastAction;
}

// Library-style defaults from the spec: at most 3 visible, each closes after 4 s.
const MAX_VISIBLE = 3;
const AUTO_CLOSE_MS = 4000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Closes every toast of this kind: a success makes the failures before it stale. */
export function dismissToasts(kind: ToastKind): void {
  toasts = toasts.filter((t) => t.kind !== kind);
  emit();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

// A toast with an action stays long enough to be used.
const ACTION_CLOSE_MS = 15_000;

export function toast(
  kind: ToastKind,
  title: string,
  description?: string,
  action?: ToastAction,
  durationMs = action ? ACTION_CLOSE_MS : AUTO_CLOSE_MS,
): void {
  const id = nextId++;
  toasts = [...toasts, { id, kind, title, description, action }].slice(-MAX_VISIBLE);
  emit();
  setTimeout(() => dismissToast(id), durationMs);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
}
