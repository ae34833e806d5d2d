import { useQrSvg } from "./use-qr-svg";
import "./pix.css";

export interface PixQrCodeProps {
  /** The Copia e Cola string to encode. */
  payload: string;
  /** Extra class for sizing; by default the code fills its box up to 240 px (pix.css). */
  className?: string;
  /** What a screen reader says it is. */
  label?: string;
}

/**
 * Draws the PIX QR code as inline SVG, in the browser and offline (no image
 * request). The geometry comes from a Web Worker (use-qr-svg.ts); meanwhile a
 * box of the same size holds its place, so nothing below it moves.
 */
export function PixQrCode({ payload, className, label = "QR Code PIX" }: PixQrCodeProps) {
  const qr = useQrSvg(payload);
  const classes = className ? `pix-qr-code ${className}` : "pix-qr-code";
  if (qr.status === "pending") {
    return (
      <div className={`${classes} pix-qr-placeholder`} role="status" aria-busy="true">
        <span className="v-spinner-inline" aria-hidden="true" />
        Gerando QR Code...
      </div>
    );
  }
  if (qr.status === "failed") {
    return (
      <p className={`${classes} pix-qr-placeholder`} role="alert">
        Não foi possível desenhar o QR Code. Use o código PIX Copia e Cola abaixo.
      </p>
    );
  }
  const { viewBoxSize, path } = qr.svg;
  return (
    <svg
      className={classes}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${viewBoxSize} ${viewBoxSize}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      {/* White background even on a dark page: readers need the light quiet zone. */}
      <rect width={viewBoxSize} height={viewBoxSize} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
