import { type ReactNode, useId, useLayoutEffect, useRef } from "react";
import "./modal-dialog.css";
import { StrokeIcon } from "./stroke-icon";

interface Props {
  title: string;
  onClose: () => void;
  /** While a save or delete runs, Esc and the close button do nothing. */
  busy?: boolean;
  /** Closing by a click outside is only safe where nothing typed can be lost. */
  closeOnBackdrop?: boolean;
  /** Text that describes the dialog, read out when it opens (e.g. the delete question). */
  describedBy?: string;
  /** Extra class, e.g. a wider dialog for the receipt. */
  className?: string;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the browser traps focus, makes the page inert and
 * closes on Esc. The element marked data-autofocus gets focus on open; the
 * button that opened the dialog gets it back on close.
 */
export function ModalDialog({
  title,
  onClose,
  busy = false,
  closeOnBackdrop = false,
  describedBy,
  className,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const state = useRef({ busy, onClose });
  state.current = { busy, onClose };

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (!state.current.busy) state.current.onClose();
    };
    // Chrome may close without a cancelable 'cancel' (repeated Esc); follow it.
    const onNativeClose = () => state.current.onClose();
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard closes with Escape, which <dialog> handles itself.
    <dialog
      ref={ref}
      className={className ? `admin-dialog ${className}` : "admin-dialog"}
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onClick={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget && !busy) onClose();
      }}
    >
      <div className="admin-dialog-body">
        <div className="admin-dialog-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="admin-dialog-x" aria-label="Fechar" onClick={onClose} disabled={busy}>
            <StrokeIcon size={20}>
              <path d="M6 6l12 12M18 6L6 18" />
            </StrokeIcon>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
