import { useMemo } from "react";
import { PixError } from "../../../shared/pix/brcode";
import { type RegistrationPixSettings, registrationBrCode } from "../../../shared/pix/registration-pix";
import { useAppConfig } from "../../lib/app-config";
import { PixCopyPaste } from "./pix-copy-paste";
import { PixQrCode } from "./pix-qr-code";
import "./pix.css";

export interface PixPaymentCodeProps {
  /** Registration reference (e.g. "JDJ7K3Q") carried in the code; left out, the code has none. */
  reference?: string;
  /** The registration's own price, when it was made at another one. */
  priceCents?: number;
  /** Other settings than the page's: the preview in "Configurações". */
  settings?: RegistrationPixSettings;
}

/**
 * QR code plus Copia e Cola for the registration fee, built from the event facts in the page. Part of the page
 * that shows it, not a chunk of its own: the QR's encoder runs in a worker (use-qr-svg.ts), and a chunk of its
 * own arrived after the page's first paint and pushed everything below it down (decision 069).
 */
export default function PixPaymentCode({ reference, priceCents, settings }: PixPaymentCodeProps) {
  const page = useAppConfig();
  const result = useMemo(() => {
    const base = settings ?? page;
    try {
      return { code: registrationBrCode({ ...base, priceCents: priceCents ?? base.priceCents }, reference) };
    } catch (err) {
      // The server validates the PIX settings at start-up, so this is a safety net, not a path.
      if (!(err instanceof PixError)) throw err;
      console.error("Erro ao gerar o código PIX", err);
      return { error: err.message };
    }
  }, [reference, priceCents, settings, page]);

  if (result.code === undefined) {
    return (
      <p className="pix-payment-error" role="alert">
        Não foi possível gerar o código PIX. Pague usando a chave PIX.
      </p>
    );
  }
  return (
    <div className="pix-payment-code">
      <figure className="pix-payment-qr">
        <PixQrCode payload={result.code} />
        <figcaption>Escaneie com o app do seu banco ou copie o código abaixo.</figcaption>
      </figure>
      <PixCopyPaste code={result.code} />
    </div>
  );
}
