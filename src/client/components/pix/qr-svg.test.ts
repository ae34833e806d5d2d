import { describe, expect, it } from "vitest";
import { registrationBrCode } from "../../../shared/pix/registration-pix";
import { QR_QUIET_ZONE, qrSvg, qrSvgPath } from "./qr-svg";

// Byte-mode capacity at error correction M, versions 1..12 (ISO/IEC 18004 table 7).
const BYTE_CAPACITY_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287];
const expectedModules = (length: number) => 17 + 4 * (BYTE_CAPACITY_M.findIndex((c) => c >= length) + 1);

const DEFAULT_CODE = registrationBrCode(
  {
    pixKey: "pix@juventudecatolicavg.com.br",
    pixReceiverName: "Juventude Catolica VG",
    pixCity: "ITAPECURU MIRIM",
    pixTxid: "none",
    priceCents: 1500,
  },
  "JDJ7K3Q",
);

/** Reads the path back into the set of "row,col" cells it paints. */
function paintedCells(path: string, margin: number): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(w); i++) cells.add(`${Number(y) - margin},${Number(x) - margin + i}`);
  }
  return cells;
}

describe("qrSvgPath", () => {
  it("draws each horizontal run of dark modules as one rectangle", () => {
    const m = [
      [1, 1, 0],
      [0, 1, 0],
      [1, 0, 1],
    ];
    expect(qrSvgPath(3, (r, c) => m[r][c] === 1, 0)).toBe("M0 0h2v1h-2zM1 1h1v1h-1zM0 2h1v1h-1zM2 2h1v1h-1z");
    expect(qrSvgPath(3, (r, c) => m[r][c] === 1, 4)).toBe("M4 4h2v1h-2zM5 5h1v1h-1zM4 6h1v1h-1zM6 6h1v1h-1z");
    expect(qrSvgPath(2, () => false)).toBe("");
  });
});

describe("qrSvg", () => {
  it("draws the default registration code at the size its length needs", () => {
    const svg = qrSvg(DEFAULT_CODE);
    expect(DEFAULT_CODE).toHaveLength(166);
    expect(svg.moduleCount).toBe(expectedModules(DEFAULT_CODE.length));
    expect(svg.moduleCount).toBe(53); // version 9
    expect(svg.viewBoxSize).toBe(53 + 2 * QR_QUIET_ZONE);
    // Top-left finder pattern: a full row of 7 dark modules just inside the quiet zone.
    expect(svg.path.startsWith(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h7v1h-7z`)).toBe(true);
  });

  it.each([1, 14, 15, 62, 63, 122, 152, 153, 213, 214, 287])("picks the smallest version for %i bytes", (length) => {
    expect(qrSvg("A".repeat(length)).moduleCount).toBe(expectedModules(length));
  });

  it("paints the finder patterns and stays inside the viewBox", () => {
    const svg = qrSvg(DEFAULT_CODE);
    const cells = paintedCells(svg.path, QR_QUIET_ZONE);
    const n = svg.moduleCount;
    // Finder pattern corners and its light ring, from the QR standard.
    for (const cell of ["0,0", "0,6", "6,0", "6,6", "2,2", "4,4", `0,${n - 1}`, `${n - 1},0`])
      expect(cells.has(cell)).toBe(true);
    for (const cell of ["1,1", "1,5", "5,1", "7,7", `7,${n - 8}`]) expect(cells.has(cell)).toBe(false);
    for (const cell of cells) {
      const [row, col] = cell.split(",").map(Number);
      expect(row >= 0 && row < n && col >= 0 && col < n).toBe(true);
    }
    // Roughly half the modules of a QR code are dark.
    expect(cells.size / (n * n)).toBeGreaterThan(0.35);
    expect(cells.size / (n * n)).toBeLessThan(0.65);
  });

  it("is deterministic and changes with the payload", () => {
    expect(qrSvg(DEFAULT_CODE).path).toBe(qrSvg(DEFAULT_CODE).path);
    expect(qrSvg(DEFAULT_CODE.replace("JDJ7K3Q", "JDJ7K3R")).path).not.toBe(qrSvg(DEFAULT_CODE).path);
  });
});
