import { useMemo } from "react";
import { qrSvg } from "./qr-svg";
import "./pix.css";

export interface PixQrCodeProps {
  /** The Copia e Cola string to encode. */
  payload: string;
  /** Extra class for sizing; by default the code fills its box up to 240 px (pix.css). */
  className?: string;
}

/** Draws the PIX QR code as inline SVG, in the browser and offline (no image request). */
export function PixQrCode({ payload, className }: PixQrCodeProps) {
  const { viewBoxSize, path } = useMemo(() => qrSvg(payload), [payload]);
  return (
    <svg
      className={className ? `pix-qr-code ${className}` : "pix-qr-code"}
      role="img"
      aria-label="QR Code PIX"
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
