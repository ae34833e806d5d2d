/** Receipt formats we accept, recognised by their first bytes: a name or a declared type proves nothing. */
export type ReceiptType = {
  mime: "image/jpeg" | "image/png" | "image/webp" | "image/heic" | "application/pdf";
  ext: string;
};

const ascii = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, end));

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

export function detectReceiptType(head: Uint8Array): ReceiptType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { mime: "image/jpeg", ext: "jpg" };
  if (head.length >= 8 && ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return { mime: "image/png", ext: "png" };
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP")
    return { mime: "image/webp", ext: "webp" };
  if (head.length >= 5 && ascii(head, 0, 5) === "%PDF-") return { mime: "application/pdf", ext: "pdf" };
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp" && HEIC_BRANDS.has(ascii(head, 8, 12)))
    return { mime: "image/heic", ext: "heic" };
  return null;
}
