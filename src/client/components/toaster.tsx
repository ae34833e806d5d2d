import { useClearOfFields } from "../hooks/use-clear-of-fields";
import { dismissToast, useToasts } from "../lib/toast";
import { StrokeIcon } from "./stroke-icon";

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
