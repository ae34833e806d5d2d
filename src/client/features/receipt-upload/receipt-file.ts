// Pure rules for the receipt file, shared by the component and its unit test.

/** The server refuses more (src/server/routes/receipts.ts, RECEIPT_MAX_BYTES); checked here first to spare the upload. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** Longest side of a photo after the browser shrinks it; a receipt stays readable at this size. */
export const MAX_IMAGE_SIDE = 1600;
export const JPEG_QUALITY = 0.85;

/** The file input's accept list: on phones it offers the camera and the gallery. */
export const ACCEPTED_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
  "application/pdf",
] as const;

export const UPLOAD_MESSAGES = {
  tooLarge: (bytes: number) =>
    `O arquivo tem ${megabytes(bytes)} e passa do limite de 5 MB. Envie uma foto ou um print da tela do comprovante.`,
  badType: "Formato não aceito. Envie uma foto (JPEG, PNG, WebP ou HEIC) ou um PDF.",
  empty: "O arquivo escolhido está vazio. Escolha outro arquivo.",
} as const;

export type ReceiptKind = "image" | "pdf";

const EXTENSIONS: Record<string, { kind: ReceiptKind; ext: string }> = {
  "image/jpeg": { kind: "image", ext: "jpg" },
  "image/png": { kind: "image", ext: "png" },
  "image/webp": { kind: "image", ext: "webp" },
  "image/heic": { kind: "image", ext: "heic" },
  "image/heif": { kind: "image", ext: "heic" },
  "application/pdf": { kind: "pdf", ext: "pdf" },
};
const BY_NAME: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heif",
  pdf: "application/pdf",
};

/**
 * What a chosen file is, from its declared type or, when the browser gives
 * none (some Android browsers leave HEIC untyped), from its name. The server
 * checks the real bytes again; this only spares a doomed upload.
 */
export function receiptFileType(file: {
  name: string;
  type: string;
}): { kind: ReceiptKind; mime: string; ext: string } | null {
  const declared = file.type.toLowerCase();
  const untyped = declared === "" || declared === "application/octet-stream";
  const mime = EXTENSIONS[declared]
    ? declared
    : untyped
      ? BY_NAME[file.name.split(".").pop()?.toLowerCase() ?? ""]
      : undefined;
  return mime ? { mime, ...EXTENSIONS[mime] } : null;
}

/** The size for a person: "6,2 MB", "850 KB". */
export function megabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}

/** Width and height scaled down so the longest side is at most `maxSide`; smaller images keep their size. */
export function fitWithin(width: number, height: number, maxSide = MAX_IMAGE_SIDE): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new RangeError(`Dimensões inválidas: ${width}x${height}`);
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Formats every browser shows inline, so the admin panel can display them. */
const SHOWN_AS_IS = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * Whether a decoded image is sent as it came or redrawn as a JPEG: redrawn when
 * it is larger than MAX_IMAGE_SIDE, too heavy, or in a format other browsers
 * cannot show (HEIC decoded by Safari becomes a JPEG the admin's browser can show).
 */
export function planImage(
  image: { width: number; height: number },
  file: { mime: string; size: number },
): { kind: "original" } | { kind: "jpeg"; width: number; height: number } {
  const target = fitWithin(image.width, image.height);
  const scaled = target.width !== image.width || target.height !== image.height;
  if (!scaled && SHOWN_AS_IS.has(file.mime) && file.size <= RECEIPT_MAX_BYTES) return { kind: "original" };
  return { kind: "jpeg", ...target };
}
