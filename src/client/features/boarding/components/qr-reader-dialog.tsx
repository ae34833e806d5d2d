import { useEffect, useRef, useState } from "react";
import { ModalDialog } from "../../../components/modal-dialog";
import { createQrDecoder } from "../utils/qr-decoder";

// A frame every so often is plenty for a person holding a card up, and spares a cheap phone's CPU.
const SCAN_EVERY_MS = 250;
// The same card held in front of the camera is read once, not once per frame.
const SAME_CODE_PAUSE_MS = 3000;

/** What to tell the person at the door after a read; `ok` when the pass belongs here. */
export interface PassRead {
  text: string;
  ok: boolean;
}

interface Props {
  /** A code was read. */
  onPass: (code: string) => PassRead;
  onClose: () => void;
  /** Without a camera: closes and goes to "Buscar passageiro", where a name is tapped instead. */
  onSearchByName: () => void;
}

type Phase = { kind: "starting" } | { kind: "scanning" } | { kind: "failed"; message: string };

function cameraMessage(err: unknown): string {
  const name = err instanceof DOMException ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "O acesso à câmera foi negado. Permita a câmera para este site nas configurações do navegador.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "Nenhuma câmera encontrada neste aparelho.";
  if (!navigator.mediaDevices?.getUserMedia) return "Este navegador não dá acesso à câmera (o site precisa de HTTPS).";
  return "Não foi possível abrir a câmera. Feche outros apps que a usam e tente de novo.";
}

/** "Ler QR": the camera, reading boarding passes one after another until closed. */
export function QrReaderDialog({ onPass, onClose, onSearchByName }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "starting" });
  const [result, setResult] = useState<PassRead | null>(null);
  const handler = useRef(onPass);
  handler.current = onPass;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: "", at: 0 };
    (async () => {
      try {
        const [media, decoder] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
          createQrDecoder(),
        ]);
        stream = media;
        if (stopped) return;
        const v = video.current!;
        v.srcObject = media;
        await v.play();
        setPhase({ kind: "scanning" });
        const scan = async () => {
          if (stopped) return;
          try {
            const [code] = await decoder.decode(v);
            const now = Date.now();
            if (code && (code !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
              last = { code, at: now };
              setResult(handler.current(code));
            }
          } catch (err) {
            console.warn("Leitura do QR falhou neste quadro", err);
          }
          timer = setTimeout(scan, SCAN_EVERY_MS);
        };
        void scan();
      } catch (err) {
        console.error(err);
        if (!stopped) setPhase({ kind: "failed", message: cameraMessage(err) });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <ModalDialog title="Ler cartão de embarque" onClose={onClose} closeOnBackdrop className="rc-qr-dialog">
      <div className="rc-qr-view" hidden={phase.kind === "failed"}>
        <video ref={video} muted playsInline className="rc-qr-video" aria-label="Imagem da câmera" />
        {phase.kind === "starting" && (
          <p className="rc-qr-hint" role="status">
            Abrindo a câmera...
          </p>
        )}
      </div>
      {phase.kind === "failed" && (
        <>
          <p role="alert">{phase.message}</p>
          <p className="rc-qr-hint">Sem a câmera, procure a pessoa pelo nome e toque nela para marcar o embarque.</p>
        </>
      )}
      {phase.kind === "scanning" && !result && <p className="rc-qr-hint">Aponte a câmera para o QR do cartão.</p>}
      {result && (
        <p className={`rc-qr-result ${result.ok ? "is-ok" : "is-refused"}`} role={result.ok ? "status" : "alert"}>
          {result.text}
        </p>
      )}
      <div className="admin-dialog-actions">
        {phase.kind === "failed" && (
          <button type="button" className="admin-btn admin-btn-primary" onClick={onSearchByName}>
            Buscar pelo nome
          </button>
        )}
        <button type="button" className="admin-btn admin-btn-outline" onClick={onClose} data-autofocus>
          Fechar
        </button>
      </div>
    </ModalDialog>
  );
}
