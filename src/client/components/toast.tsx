import { useSyncExternalStore } from "react";
import { useClearOfFields } from "../hooks/use-clear-of-fields";
import { StrokeIcon } from "./stroke-icon";

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

function ToastButton({ id, label, onClick }: { id: number; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="toast-action"
      onClick={() => {
        dismissToast(id);
        onClick();
      }}
    >
      {label}
    </button>
  );
}

function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
}

export function Toaster() {
  const list = useToasts();
  const { ref, edge } = useClearOfFields<HTMLDivElement>(list.length > 0);
  return (
    <div ref={ref} className={`toaster toaster-${edge}`} aria-live="polite" aria-atomic="false">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === "error" ? "alert" : "status"}>
          <div className="toast-body">
            <p className="toast-title">{t.title}</p>
            {t.description && <p className="toast-description">{t.description}</p>}
            {t.action && "href" in t.action && (
              <a className="toast-action" href={t.action.href} target="_blank" rel="noopener noreferrer">
                {t.action.label}
              </a>
            )}
            {t.action && "onClick" in t.action && (
              <ToastButton id={t.id} label={t.action.label} onClick={t.action.onClick} />
            )}
          </div>
          <button type="button" className="toast-close" aria-label="Fechar aviso" onClick={() => dismissToast(t.id)}>
            <StrokeIcon>
              <path d="M6 6l12 12M18 6L6 18" />
            </StrokeIcon>
          </button>
        </div>
      ))}
    </div>
  );
}
