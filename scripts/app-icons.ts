import { crc32, deflateSync } from "node:zlib";

/*
 * The caravan's icon (src/client/public/favicon.svg: a yellow cross on blue)
 * as the PNGs a home screen and a notification need, drawn at build time:
 * no image editor, no binary in the repository. vite.config.ts emits them.
 */

type Rgba = [number, number, number, number];
const BLUE: Rgba = [0x1e, 0x3a, 0x8a, 255];
const YELLOW: Rgba = [0xf5, 0xc5, 0x42, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** The cross of favicon.svg, in its 32-unit box. */
const inCross = (x: number, y: number) =>
  (x >= 14 && x < 18 && y >= 6 && y < 26) || (x >= 7 && x < 25 && y >= 13 && y < 17);

function inRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 32 - radius);
  const cy = Math.min(Math.max(y, radius), 32 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** Each pixel sampled 4×4 times, so the corners are smooth. */
function draw(size: number, colourAt: (x: number, y: number) => Rgba): Buffer {
  const rows: Buffer[] = [];
  const n = 4;
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt(((px + (sx + 0.5) / n) * 32) / size, ((py + (sy + 0.5) / n) * 32) / size);
          for (let i = 0; i < 3; i++) sum[i] += c[i] * c[3];
          sum[3] += c[3];
        }
      const alpha = sum[3] / (n * n);
      for (let i = 0; i < 3; i++) row[1 + px * 4 + i] = sum[3] ? Math.round(sum[i] / sum[3]) : 0;
      row[1 + px * 4 + 3] = Math.round(alpha);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

function png(size: number, scanlines: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(scanlines, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const icon = (x: number, y: number): Rgba => (inRoundedSquare(x, y, 6) ? (inCross(x, y) ? YELLOW : BLUE) : CLEAR);
/** Android crops a maskable icon to its own shape: the background fills it, the cross keeps to the safe middle. */
const maskable = (x: number, y: number): Rgba => (inCross(16 + (x - 16) / 0.7, 16 + (y - 16) / 0.7) ? YELLOW : BLUE);
/** The status bar's small icon: only its shape counts. */
const badge = (x: number, y: number): Rgba => (inCross(16 + (x - 16) / 1.2, 16 + (y - 16) / 1.2) ? WHITE : CLEAR);

/** File name → PNG, as the manifest (public/manifest.webmanifest) and the service worker name them. */
export function appIcons(): Record<string, Buffer> {
  return {
    "icone-192.png": draw(192, icon),
    "icone-512.png": draw(512, icon),
    "icone-mascara-512.png": draw(512, maskable),
    "icone-selo.png": draw(96, badge),
  };
}
