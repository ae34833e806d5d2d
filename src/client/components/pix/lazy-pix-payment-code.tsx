import { type ComponentType, lazy, Suspense, useState } from "react";
import type { PixPaymentCodeProps } from "./pix-payment-code";
import { useAppConfig } from "../../lib/app-config";
import "./lazy-pix-payment-code.css";

type Loaded = ComponentType<PixPaymentCodeProps & { onRetry: () => void }>;

/** Shown when the chunk cannot be downloaded (weak signal): the key still works. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { pixKey } = useAppConfig();
  return (
    <div className="pix-lazy-state" role="alert">
      <p>Não foi possível carregar o QR Code. Pague usando a chave PIX ou tente de novo.</p>
      <p>
        Chave PIX: <strong className="pix-lazy-key">{pixKey}</strong>
      </p>
      <button type="button" className="pix-lazy-retry" onClick={onRetry}>
        Carregar QR Code
      </button>
    </div>
  );
}

// A failed download would otherwise throw into React and blank the whole page.
const load = () =>
  lazy<Loaded>(() =>
    import("./pix-payment-code").catch((err: unknown) => {
      console.error("Erro ao carregar o QR Code PIX", err);
      return { default: LoadFailed as Loaded };
    }),
  );
let PixPaymentCode = load();

/**
 * The PIX QR code and Copia e Cola, downloaded only when drawn: qrcode-generator
 * and the BR Code encoder stay out of the first load of the page.
 */
export function LazyPixPaymentCode(props: PixPaymentCodeProps) {
  const [, setAttempt] = useState(0);
  const retry = () => {
    PixPaymentCode = load();
    setAttempt((n) => n + 1);
  };
  return (
    <Suspense
      fallback={
        <p className="pix-lazy-state" role="status">
          <span className="pix-lazy-spinner" aria-hidden="true" /> Carregando QR Code...
        </p>
      }
    >
      <PixPaymentCode {...props} onRetry={retry} />
    </Suspense>
  );
}
