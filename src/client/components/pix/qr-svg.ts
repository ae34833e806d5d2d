// Turns a payload into the geometry of an SVG QR code. Pure (no DOM), so it is
// unit-tested in Node; the component only wraps the result in <svg>.

import qrcode from "qrcode-generator";

/** Quiet zone the QR standard asks for around the symbol, in modules. */
export const QR_QUIET_ZONE = 4;

export interface QrSvg {
  /** Modules per side of the symbol (21 for version 1, +4 per version). */
  moduleCount: number;
  /** Side of the square viewBox: modules plus the quiet zone on both sides. */
  viewBoxSize: number;
  /** One path drawing every dark module. */
  path: string;
}

/**
 * One SVG path for a square matrix: each horizontal run of dark modules is one
 * rectangle ("M x y h w v 1 h -w z"), which keeps the path short and avoids the
 * hairline gaps that adjacent one-module squares show when scaled.
 */
export function qrSvgPath(
  moduleCount: number,
  isDark: (row: number, col: number) => boolean,
  margin = QR_QUIET_ZONE,
): string {
  const parts: string[] = [];
  for (let row = 0; row < moduleCount; row++) {
    let col = 0;
    while (col < moduleCount) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < moduleCount && isDark(row, col)) col++;
      const width = col - start;
      parts.push(`M${start + margin} ${row + margin}h${width}v1h-${width}z`);
    }
  }
  return parts.join("");
}

/** QR code (error correction M, smallest version that fits, byte mode) as SVG geometry. */
export function qrSvg(payload: string): QrSvg {
  const qr = qrcode(0, "M");
  qr.addData(payload, "Byte");
  qr.make();
  const moduleCount = qr.getModuleCount();
  return {
    moduleCount,
    viewBoxSize: moduleCount + 2 * QR_QUIET_ZONE,
    path: qrSvgPath(moduleCount, (row, col) => qr.isDark(row, col)),
  };
}
