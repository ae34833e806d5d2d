import { type ChangeEvent, useId, useRef, useState } from "react";
import { SECRET_PATTERN } from "../../../shared/constants";
import { ApiError, UNKNOWN_ERROR } from "../../lib/api";
import { prepareReceipt, type PreparedReceipt, ReceiptFileError } from "./prepare-receipt";
import { uploadReceipt } from "./receipt-api";
import { ACCEPTED_TYPES, megabytes } from "./receipt-file";
import "./receipt-upload.css";

interface ReceiptUploadProps {
  registrationId: string;
  /** Secret from the registration's answer; missing when this browser did not make the registration. */
  uploadToken: string | undefined;
  /** Names the section when a page shows several ("Comprovante do PIX de Ana"). */
  label?: string;
}

type Phase =
  | { name: "idle" }
  | { name: "preparing" }
  | { name: "uploading"; percent: number }
  | { name: "done"; size: number }
  /** `retry`: the same file may go through on a second try (network, server hiccup). */
  | { name: "error"; message: string; retry: boolean };

/** 401/403 (another registration's token) and file problems do not get better by trying again. */
const retryable = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status >= 500 || err.status === 429);

/**
 * 'Enviar comprovante': the visitor picks a photo or PDF (on phones: camera or
 * gallery), photos are shrunk in the browser, and the upload shows real progress.
 * Sending again replaces the receipt on the server.
 */
export function ReceiptUpload({ registrationId, uploadToken, label }: ReceiptUploadProps) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const prepared = useRef<PreparedReceipt | null>(null);
  // A ref, not state: a second choice in the same frame must already see it.
  const busy = useRef(false);
  const working = phase.name === "preparing" || phase.name === "uploading";

  if (!uploadToken || !SECRET_PATTERN.test(uploadToken)) {
    return (
      <section className="receipt-upload" aria-labelledby={label ? undefined : `${id}-title`} aria-label={label}>
        <h3 id={`${id}-title`} className="receipt-title">
          Comprovante do PIX
        </h3>
        <p className="receipt-note" role="note">
          Para enviar o comprovante por aqui, abra esta página no mesmo aparelho e navegador em que você fez a
          inscrição. Se estiver em outro aparelho, envie o comprovante pelo WhatsApp, no botão abaixo, junto com seu
          nome completo.
        </p>
      </section>
    );
  }
  const token = uploadToken;

  async function send(file: PreparedReceipt) {
    setPhase({ name: "uploading", percent: 0 });
    try {
      const stored = await uploadReceipt(registrationId, token, file, (f) =>
        setPhase({ name: "uploading", percent: Math.min(100, Math.round(f * 100)) }),
      );
      prepared.current = null;
      setPhase({ name: "done", size: stored.size_bytes });
    } catch (err) {
      let message = err instanceof ApiError ? err.message : UNKNOWN_ERROR;
      console.error("Erro ao enviar o comprovante:", message);
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        message += " Envie o comprovante pelo WhatsApp, no botão abaixo.";
      }
      setPhase({ name: "error", message, retry: retryable(err) });
    }
  }

  async function run(task: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    try {
      await task();
    } finally {
      busy.current = false;
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.currentTarget.value = "";
    if (!file) return;
    void run(async () => {
      setPhase({ name: "preparing" });
      prepared.current = null;
      try {
        prepared.current = await prepareReceipt(file);
      } catch (err) {
        const message =
          err instanceof ReceiptFileError ? err.message : "Não foi possível ler o arquivo. Escolha outro arquivo.";
        if (!(err instanceof ReceiptFileError)) console.error("Erro ao preparar o comprovante", err);
        setPhase({ name: "error", message, retry: false });
        return;
      }
      await send(prepared.current);
    });
  }

  function retry() {
    const file = prepared.current;
    if (file) void run(() => send(file));
  }

  return (
    <section className="receipt-upload" aria-labelledby={label ? undefined : `${id}-title`} aria-label={label}>
      <h3 id={`${id}-title`} className="receipt-title">
        Comprovante do PIX
      </h3>
      <p className="receipt-note">Já pagou? Envie a foto ou o print do comprovante por aqui.</p>

      <input
        id={`${id}-file`}
        className="receipt-input"
        type="file"
        accept={ACCEPTED_TYPES.join(",")}
        onChange={choose}
        disabled={working}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={`${id}-file`} className="v-btn v-btn-primary receipt-pick">
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 16V4" />
          <path d="M7 9l5-5 5 5" />
          <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        Enviar comprovante
      </label>
      <p id={`${id}-hint`} className="receipt-hint">
        Foto (JPEG, PNG, WebP ou HEIC) ou PDF, até 5 MB.
      </p>

      <div className="receipt-state" aria-live="polite">
        {phase.name === "preparing" && (
          <p className="receipt-working">
            <span className="v-spinner-inline" aria-hidden="true" /> Preparando o arquivo...
          </p>
        )}
        {phase.name === "uploading" && (
          <div className="receipt-progress">
            <p id={`${id}-progress`}>
              {phase.percent < 100 ? "Enviando comprovante..." : "Enviado, aguardando confirmação..."}{" "}
              <strong>{phase.percent}%</strong>
            </p>
            <progress max={100} value={phase.percent} aria-labelledby={`${id}-progress`} />
          </div>
        )}
        {phase.name === "done" && (
          <div className="receipt-done">
            <p className="receipt-done-title">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
              </svg>
              Comprovante enviado!
            </p>
            <p>
              Recebemos o arquivo ({megabytes(phase.size)}). A coordenação vai conferir o pagamento e confirmar sua
              inscrição. Se enviou o arquivo errado, é só enviar outro: ele substitui o anterior.
            </p>
          </div>
        )}
        {phase.name === "error" && (
          <div className="receipt-error" role="alert">
            <p className="receipt-error-title">Não foi possível enviar o comprovante.</p>
            <p>{phase.message}</p>
            {phase.retry && prepared.current && (
              <button type="button" className="v-btn v-btn-outline" onClick={retry}>
                Tentar novamente
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
